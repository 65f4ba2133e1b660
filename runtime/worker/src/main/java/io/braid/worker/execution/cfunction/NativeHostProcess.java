package io.braid.worker.execution.cfunction;

import io.braid.worker.execution.taskprocess.ProcessEnd;

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
import java.util.List;

/**
 * One running native task host ({@link NativeHostMain}), seen from the worker: started, greeted,
 * then asked one call at a time. Its stderr (what the C functions print) is appended to a log
 * file, whose tail goes into the report of a crash.
 */
final class NativeHostProcess implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(NativeHostProcess.class);
    private static final int STDERR_TAIL_BYTES = 4000;

    private final Process process;
    private final DataOutputStream requests;
    private final DataInputStream replies;
    private final Path stderrLog;
    private volatile boolean killed;
    private long calls;

    private NativeHostProcess(Process process, Path stderrLog) {
        this.process = process;
        this.stderrLog = stderrLog;
        this.requests = new DataOutputStream(new BufferedOutputStream(process.getOutputStream(), 1 << 16));
        this.replies = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16));
    }

    /** Starts {@code command} (a JVM running {@link NativeHostMain}) and waits for its greeting. */
    static NativeHostProcess start(List<String> command, Path logDir, String name) throws IOException {
        Files.createDirectories(logDir);
        Path log = logDir.resolve(name + ".err");
        Process p;
        try {
            p = new ProcessBuilder(command).redirectError(Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new CFunctionCrashedException("cannot start the native task host " + String.join(" ", command)
                    + ": " + e.getMessage());
        }
        NativeHostProcess host = new NativeHostProcess(p, log);
        try {
            int ready = host.replies.readInt();
            int protocol = host.replies.readInt();
            host.replies.readLong();
            if (ready != NativeHostMain.READY || protocol != NativeHostMain.PROTOCOL) {
                host.kill();
                throw new IOException("the native task host " + p.pid() + " speaks another protocol ("
                        + Integer.toHexString(ready) + " version " + protocol + ")");
            }
        } catch (EOFException e) {
            throw host.died("the native task host did not start");
        }
        return host;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Makes one call; a host that ends before answering is a {@link CFunctionCrashedException}. */
    HostReply call(HostCall call, String what) throws IOException {
        byte[] reply;
        calls++;
        try {
            HostFrames.write(requests, call.encode());
            reply = HostFrames.read(replies);
        } catch (IOException e) {
            // A killed process's streams are closed under the reader: "Stream closed" is its death too.
            if (killed || !process.isAlive() || e instanceof EOFException) {
                throw died(what);
            }
            throw e;
        }
        if (reply == null) {
            throw died(what);
        }
        return HostReply.decode(reply, call.returns());
    }

    private CFunctionCrashedException died(String what) {
        int exit = ProcessEnd.exitValue(process, 10);
        if (killed) {
            return new CFunctionCrashedException(what + ": the native task host " + process.pid()
                    + " was killed (task cancelled)");
        }
        String tail = tail();
        JvmCrashReport report = JvmCrashReport.find(tail);
        if (report != null) {
            // The host JVM's own handler catches SIGSEGV, SIGBUS, SIGFPE, SIGILL in native code,
            // writes its report and aborts: the signal and the frame are in the report, not the exit value.
            return new CFunctionCrashedException(what + " crashed the native task host " + process.pid() + ": "
                    + report.signal() + (report.frame() == null ? "" : " in " + report.frame())
                    + (report.file() == null ? "" : " (report: " + report.file() + ")"));
        }
        // The JVM reports a death by signal N as exit value 128+N.
        String status = exit > 128 ? "was killed by " + Signals.name(exit - 128) : "exited with " + exit;
        return new CFunctionCrashedException(what + " crashed the native task host " + process.pid() + ": it "
                + status + (tail.isEmpty() ? "" : "; its stderr ends with: " + tail.replace('\n', '|')));
    }

    private String tail() {
        try (RandomAccessFile f = new RandomAccessFile(stderrLog.toFile(), "r")) {
            long start = Math.max(0, f.length() - STDERR_TAIL_BYTES);
            byte[] bytes = new byte[(int) (f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Ends the host: its input closes, so it exits; killed if it has not within a few seconds. */
    @Override
    public void close() {
        // Its CPU time over its calls: the cost of a C function task on the host's side (tests/bench/cfunction).
        process.info().totalCpuDuration().ifPresent(cpu -> LOG.info("native task host {}: {} calls, {} ms of CPU",
                process.pid(), calls, cpu.toMillis()));
        try {
            requests.close();
        } catch (IOException e) {
            // already gone
        }
        ProcessEnd.exitValue(process, 5);
    }

    /** Kills the host at once (a cancelled task): the waiting call() then fails. */
    void kill() {
        killed = true;
        process.destroyForcibly();
    }
}
