package io.braid.worker.execution.taskprocess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The process handling both languages share, with shell processes standing in for a language's
 * worker: {@code cat} echoes a frame back as its reply.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TaskProcessesTest {
    @TempDir
    Path tmp;

    /** A process that answers each frame with the frame itself (cat), or whatever its command does. */
    static final class Echo extends TaskProcess {
        Echo(Process p, Path log) {
            super("Echo", p, log);
        }

        static Echo start(Path log, String script) throws IOException {
            return new Echo(launch("Echo", new ProcessBuilder("sh", "-c", script), log), log);
        }

        byte[] echo(byte[] frame) throws IOException {
            send(out -> Frames.write(out, frame, frame.length), "echo");
            byte[] reply;
            try {
                reply = Frames.readOrNull(replies, "echo");
            } catch (IOException e) {
                reply = null;
            }
            if (reply == null) {
                throw new TaskProcessDiedException(deathReport("echo"));
            }
            return reply;
        }

        @Override
        protected void requestShutdown() {
        }
    }

    @Test
    void aProcessWhosePipeIsClosedWhenTheTaskComesIsReplacedAndTheTaskGoesToTheNewOne() throws Exception {
        List<Echo> started = new ArrayList<>();
        // The first one is alive but has closed its stdin, as a killed process not yet reaped looks;
        // it says so on stderr, and the task is sent only then (else the task could reach the pipe
        // before it closes, and wait for the sleep).
        List<String> scripts = new ArrayList<>(List.of("exec 0</dev/null; echo closed >&2; exec sleep 60", "exec cat"));
        try (TaskProcesses<Integer, Echo> processes = new TaskProcesses<>("Echo", key -> {
            Path err = tmp.resolve("echo" + started.size() + ".err");
            boolean first = started.isEmpty();
            Echo e = Echo.start(err, scripts.remove(0));
            started.add(e);
            if (first) {
                awaitLine(err, "closed");
            }
            return e;
        })) {
            byte[] hello = "hello".getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(hello, processes.run(0, p -> p.echo(hello)));
            assertEquals(2, started.size(), "a second process took the task");
            assertFalse(started.get(0).alive(), "the first one was killed");
            assertEquals(started.get(1), processes.get(0));
        }
    }

    @Test
    void aProcessThatDiesRunningTheTaskFailsItWithItsExitStatusAndStderrAndIsNotRetried() throws Exception {
        List<Echo> started = new ArrayList<>();
        try (TaskProcesses<Integer, Echo> processes = new TaskProcesses<>("Echo", key -> {
            Echo e = Echo.start(tmp.resolve("dies.err"), "head -c 9 >/dev/null; echo last words >&2; exit 3");
            started.add(e);
            return e;
        })) {
            TaskProcessDiedException e = assertThrows(TaskProcessDiedException.class,
                    () -> processes.run(0, p -> p.echo("hello".getBytes(StandardCharsets.UTF_8))));
            assertEquals("echo: the Echo process " + started.get(0).pid() + " exited with 3; its stderr ends with: last words",
                    e.getMessage());
            assertEquals(1, started.size(), "the task may have run: it fails, it is not sent again here");
            assertEquals(null, processes.get(0), "the dead process is dropped");
        }
    }

    @Test
    void aKilledProcessIsNamedWithItsSignal() throws Exception {
        try (TaskProcesses<Integer, Echo> processes = new TaskProcesses<>("Echo",
                key -> Echo.start(tmp.resolve("segv.err"), "head -c 9 >/dev/null; kill -SEGV $$"))) {
            TaskProcessDiedException e = assertThrows(TaskProcessDiedException.class,
                    () -> processes.run(0, p -> p.echo("hello".getBytes(StandardCharsets.UTF_8))));
            assertTrue(e.getMessage().matches("echo: the Echo process \\d+ was killed by signal 11 \\(SIGSEGV\\);"
                    + " its stderr ends with: \\(nothing\\)"), e.getMessage());
        }
    }

    /** Waits (up to 20 s) until the file has the line. */
    /**
     * Spares started ahead go to the first keys that have none, in place of a start of their own;
     * a key beyond them starts its own; a spare that died before it was taken is skipped.
     */
    @Test
    void keysWithoutAProcessTakeTheSparesStartedAheadBeforeStartingTheirOwn() throws Exception {
        List<Integer> startedFor = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Echo> started = java.util.Collections.synchronizedList(new ArrayList<>());
        try (TaskProcesses<Integer, Echo> processes = new TaskProcesses<>("Echo", key -> {
            Echo e = Echo.start(tmp.resolve("echo" + System.nanoTime() + ".err"), "exec cat");
            startedFor.add(key);
            started.add(e);
            return e;
        })) {
            processes.prestart(3, -1);
            assertEquals(3, processes.spares());
            byte[] hi = "hi".getBytes(StandardCharsets.UTF_8);
            assertArrayEquals(hi, processes.run(0, p -> p.echo(hi)));
            assertEquals(2, processes.spares());
            // one spare dies before a key takes it: skipped, the next one is taken
            while (started.size() < 3) {
                Thread.sleep(10);
            }
            Echo dead = null;
            for (Echo e : List.copyOf(started)) {
                if (e != processes.get(0)) {
                    dead = e;
                    break;
                }
            }
            dead.kill();
            while (dead.alive()) {
                Thread.sleep(10);
            }
            assertArrayEquals(hi, processes.run(1, p -> p.echo(hi)));
            assertArrayEquals(hi, processes.run(2, p -> p.echo(hi)));
            assertEquals(0, processes.spares());
            assertEquals(List.of(-1, -1, -1, 2), List.copyOf(startedFor),
                    "three spares, then the third key (in place of the dead spare) starts its own");
            assertTrue(processes.get(0) != processes.get(1) && processes.get(1) != processes.get(2));
            assertTrue(processes.get(1).alive() && processes.get(2).alive());
        }
    }

    private static void awaitLine(Path file, String line) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(file) || !Files.readAllLines(file).contains(line)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(file + " never said '" + line + "'");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // polled: the shell has no other way to say it
        }
    }
}
