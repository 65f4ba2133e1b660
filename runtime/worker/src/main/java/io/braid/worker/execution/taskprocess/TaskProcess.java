package io.braid.worker.execution.taskprocess;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * One persistent process that runs foreign tasks one at a time over its stdin (requests) and
 * stdout (replies), with its stderr (the tasks' prints included) appended to a log file whose
 * tail explains a crash. What is the same for every language: starting it, telling its death
 * (exit status or signal, stderr tail) from an I/O error, killing it, stopping it.
 */
public abstract class TaskProcess implements AutoCloseable {
    private static final int STDERR_TAIL_BYTES = 2000;
    private static final Map<Integer, String> SIGNALS = Map.of(4, "SIGILL", 6, "SIGABRT", 7, "SIGBUS", 8, "SIGFPE",
            9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM");

    private final String language;
    private final Process process;
    private final Path stderrLog;
    protected final DataOutputStream requests;
    protected final DataInputStream replies;
    private volatile boolean killed;

    /** {@code language} names the process in messages ("the C process 123 ..."). */
    protected TaskProcess(String language, Process process, Path stderrLog) {
        this.language = language;
        this.process = process;
        this.stderrLog = stderrLog;
        this.requests = new DataOutputStream(new BufferedOutputStream(process.getOutputStream(), 1 << 16));
        this.replies = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16));
    }

    /**
     * Starts {@code pb} with its stderr appended to {@code log} (its folder made); a command that
     * cannot start is a {@link TaskProcessDiedException} naming it.
     */
    protected static Process launch(String language, ProcessBuilder pb, Path log) throws IOException {
        Files.createDirectories(log.getParent());
        pb.redirectError(Redirect.appendTo(log.toFile()));
        try {
            return pb.start();
        } catch (IOException e) {
            throw new TaskProcessDiedException("cannot start the " + language + " worker " + String.join(" ", pb.command())
                    + ": " + e.getMessage());
        }
    }

    public final long pid() {
        return process.pid();
    }

    public final boolean alive() {
        return process.isAlive();
    }

    /** Writes one request. */
    @FunctionalInterface
    protected interface Request {
        void writeTo(java.io.DataOutputStream out) throws IOException;
    }

    /**
     * Writes and flushes a request. A process that cannot take it is gone: a cancelled one is a
     * {@link TaskProcessDiedException}; otherwise it died before the task reached it, a
     * {@link TaskNotDeliveredException} (the task did not start).
     */
    protected final void send(Request request, String what) throws IOException {
        try {
            request.writeTo(requests);
            requests.flush();
        } catch (IOException e) {
            // Its pipe is closed: it is dead or dying (one that lives on without its stdin is killed).
            String report = deathReport(what, 2);
            throw killed ? new TaskProcessDiedException(report) : new TaskNotDeliveredException(report);
        }
    }

    /** Whether an I/O error talking to the process is its death (a killed process's streams close under the reader). */
    protected final boolean isDeath(IOException e) {
        return killed || !process.isAlive() || e instanceof EOFException;
    }

    /**
     * What ended the process, once it has (waited for up to 10 s, then killed): "{@code what}: the
     * C process N was killed by signal 11 (SIGSEGV); its stderr ends with: ...".
     */
    protected final String deathReport(String what) {
        return deathReport(what, 10);
    }

    private String deathReport(String what, int graceSeconds) {
        int exit = ProcessEnd.exitValue(process, graceSeconds);
        // The JVM reports a death by signal N as exit value 128+N.
        String status = killed ? "was killed (task cancelled)"
                : exit > 128 ? "was killed by signal " + (exit - 128) + signalName(exit - 128) : "exited with " + exit;
        return what + ": the " + language + " process " + process.pid() + " " + status + "; its stderr ends with: "
                + tail();
    }

    private static String signalName(int signal) {
        String name = SIGNALS.get(signal);
        return name == null ? "" : " (" + name + ")";
    }

    private String tail() {
        try (RandomAccessFile f = new RandomAccessFile(stderrLog.toFile(), "r")) {
            long start = Math.max(0, f.length() - STDERR_TAIL_BYTES);
            byte[] bytes = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "(nothing)" : text;
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Writes the language's shutdown request (then the process's stdin is closed). */
    protected abstract void requestShutdown() throws IOException;

    /** Asks the process to stop, killing it if it does not within a few seconds. */
    @Override
    public final void close() {
        try {
            if (process.isAlive()) {
                requestShutdown();
                requests.close();
            }
        } catch (IOException e) {
            // already gone: nothing to ask
        }
        ProcessEnd.exitValue(process, 5);
    }

    /** Kills the process at once (a cancelled task): the waiting exchange then fails. */
    public final void kill() {
        killed = true;
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
