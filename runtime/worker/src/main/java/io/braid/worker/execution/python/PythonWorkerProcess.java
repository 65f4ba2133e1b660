package io.braid.worker.execution.python;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One running {@code python -m braid.worker}: started, greeted ("ready"), then fed one task at a
 * time. Its stderr (the tasks' prints included) is appended to a log file, whose tail explains a
 * crash.
 */
final class PythonWorkerProcess implements AutoCloseable {
    private static final int STDERR_TAIL_BYTES = 2000;

    private final Process process;
    private final DataOutputStream requests;
    private final DataInputStream replies;
    private final Path stderrLog;
    private volatile boolean killed;

    private PythonWorkerProcess(Process process, Path stderrLog) {
        this.process = process;
        this.stderrLog = stderrLog;
        this.requests = new DataOutputStream(new BufferedOutputStream(process.getOutputStream(), 1 << 16));
        this.replies = new DataInputStream(new BufferedInputStream(process.getInputStream(), 1 << 16));
    }

    /** Starts the process and waits for its "ready" message. */
    static PythonWorkerProcess start(PythonSettings settings, String name) throws IOException {
        Files.createDirectories(settings.logDir());
        Path log = settings.logDir().resolve(name + ".err");
        List<String> command = new ArrayList<>(settings.interpreter());
        command.addAll(List.of("-m", "braid.worker"));
        for (Path p : settings.appPath()) {
            command.add("--path");
            command.add(p.toString());
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(Redirect.appendTo(log.toFile()));
        if (!settings.pythonPath().isEmpty()) {
            List<String> entries = new ArrayList<>();
            settings.pythonPath().forEach(p -> entries.add(p.toString()));
            String old = pb.environment().get("PYTHONPATH");
            if (old != null && !old.isEmpty()) {
                entries.add(old);
            }
            pb.environment().put("PYTHONPATH", String.join(java.io.File.pathSeparator, entries));
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new PythonProcessDiedException("cannot start the Python worker " + String.join(" ", command)
                    + ": " + e.getMessage());
        }
        PythonWorkerProcess worker = new PythonWorkerProcess(p, log);
        PythonFrames.Message hello = PythonFrames.read(worker.replies);
        if (hello == null || !"ready".equals(hello.type())) {
            throw worker.died("the Python worker " + String.join(" ", command) + " did not start");
        }
        return worker;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * Runs one task, answering the stream requests it makes while it runs with {@code streams},
     * until its result comes; a process that ends before replying is a
     * {@link PythonProcessDiedException}.
     */
    PythonTaskResult run(PythonTaskCall call, PythonStreams streams) throws IOException {
        PythonFrames.Message reply;
        try {
            PythonFrames.writeTask(requests, call);
            reply = PythonFrames.read(replies);
            while (reply != null && "stream".equals(reply.type())) {
                List<byte[]> answerBlobs = new ArrayList<>();
                var answer = streams.answer(reply, answerBlobs);
                PythonFrames.write(requests, answer, answerBlobs);
                reply = PythonFrames.read(replies);
            }
        } catch (IOException e) {
            // A killed process's streams are closed under the reader: "Stream closed" is its death too.
            if (killed || !process.isAlive() || e instanceof java.io.EOFException) {
                throw died("task " + call.module() + "." + call.function());
            }
            throw e;
        }
        if (reply == null) {
            throw died("task " + call.module() + "." + call.function());
        }
        return reply.compactResult() != null ? reply.compactResult() : PythonTaskResult.of(reply);
    }

    private PythonProcessDiedException died(String what) {
        int exit;
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            exit = process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            exit = -1;
        }
        // The JVM reports a death by signal N as exit value 128+N.
        String status = killed ? "was killed (task cancelled)"
                : exit > 128 ? "was killed by signal " + (exit - 128) : "exited with " + exit;
        return new PythonProcessDiedException(what + ": the Python process " + process.pid() + " " + status
                + "; its stderr ends with: " + tail());
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

    /** Asks the process to stop (shutdown), killing it if it does not within a few seconds. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                PythonFrames.write(requests, PythonFrames.JSON.createObjectNode().put("type", "shutdown"), List.of());
                requests.close();
            }
        } catch (IOException e) {
            // already gone: nothing to ask
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the process at once (a cancelled task): the waiting run() then fails. */
    void kill() {
        killed = true;
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
