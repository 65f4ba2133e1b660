package io.braid.engine.deploy;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * A worker started as a process of this machine: the worker itself, or the ssh or srun client
 * that holds its remote session (ending the client ends the remote worker).
 */
final class StartedProcess implements WorkerLauncher.StartedWorker {
    private final Process process;
    private final String logFile;
    /** Kept open while the worker runs: a remote worker ends when its session's input closes. */
    private final Closeable input;

    StartedProcess(Process process, String logFile, Closeable input) {
        this.process = process;
        this.logFile = logFile;
        this.input = input;
    }

    @Override
    public String logFile() {
        return logFile;
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void stop(long timeoutMs) {
        try {
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                closeInput();
                process.destroy();
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            closeInput();
        }
    }

    private void closeInput() {
        try {
            input.close();
        } catch (IOException e) {
            // the process is gone: nothing reads it any more
        }
    }
}
