package io.braid.worker.execution.taskprocess;

import java.util.concurrent.TimeUnit;

/**
 * How a child process is waited for at its end (the worker's Python and C task processes, the
 * native task host, and braid-run's Python or C main program): a grace period, then a kill; an
 * interrupted wait kills at once and keeps the interrupt.
 */
public final class ProcessEnd {
    private ProcessEnd() {
    }

    /** Its exit value once it has ended (killed after {@code graceSeconds}); -1 when the wait was interrupted. */
    public static int exitValue(Process process, int graceSeconds) {
        try {
            if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            return process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return -1;
        }
    }
}
