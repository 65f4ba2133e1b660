package io.braid.worker.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.message.ProcessCall;
import io.braid.comm.message.RunTask;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real child processes: exit values, redirections, working directories, cancellation. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessInvokerTest {
    @TempDir
    Path tmp;

    private Path script(String name, String body) throws Exception {
        Path p = Files.writeString(tmp.resolve(name), "#!/bin/sh\n" + body);
        assertTrue(p.toFile().setExecutable(true));
        return p;
    }

    private static RunTask job(ProcessCall call) {
        return new RunTask(7, 7, "app.Itf", "prog", List.of(), false, List.of(), null, false, 1, 0, call);
    }

    private static ProcessCall call(Path binary, String workingDir, boolean failByExitValue, List<String> streams) {
        return new ProcessCall(false, binary.toString(), workingDir, null, List.of(), 0, failByExitValue,
                Arrays.asList(new String[streams.size()]), streams);
    }

    @Test
    void returnsTheExitValueAndRedirectsStandardStreamsInItsWorkingDirectoryWithCompssVariables() throws Exception {
        Path prog = script("prog.sh", "tr a-z A-Z\npwd >&2\necho \"$COMPSS_HOSTNAMES $COMPSS_NUM_THREADS\" >&2\nexit 5\n");
        Path in = Files.writeString(tmp.resolve("in.txt"), "abc\n");
        Path out = tmp.resolve("out.txt");
        Files.writeString(out, "kept\n"); // appended to, as COMPSs does
        Path err = tmp.resolve("err.txt");
        Path wd = tmp.resolve("wd");

        int exit = new ProcessInvoker(tmp.resolve("sandboxes"), "node1", Map.of()).run(
                job(call(prog, wd.toString(), false, List.of("STDIN", "STDOUT", "STDERR"))),
                new Object[] {in.toString(), out.toString(), err.toString()});

        assertEquals(5, exit);
        assertEquals("kept\nABC\n", Files.readString(out));
        assertEquals(wd + "\nnode1 1\n", Files.readString(err));
    }

    @Test
    void failByExitValueTurnsANonZeroExitIntoAFailureNamingTheProgram() throws Exception {
        Path prog = script("bad.sh", "exit 3\n");

        ProgramFailedException e = assertThrows(ProgramFailedException.class,
                () -> new ProcessInvoker(tmp.resolve("sandboxes"), "node1", Map.of()).run(job(call(prog, null, true, List.of())),
                        new Object[0]));
        assertTrue(e.getMessage().contains("bad.sh exited with 3"), e.getMessage());
    }

    @Test
    void aMissingProgramIsOneClearFailure() {
        ProgramFailedException e = assertThrows(ProgramFailedException.class,
                () -> new ProcessInvoker(tmp.resolve("sandboxes"), "node1", Map.of()).run(
                        job(call(tmp.resolve("nope"), null, false, List.of())), new Object[0]));
        assertTrue(e.getMessage().contains("cannot start " + tmp.resolve("nope")), e.getMessage());
    }

    @Test
    void cancellingTheJobStopsTheProgramAndWhatItStarted() throws Exception {
        Path pidFile = tmp.resolve("child.pid");
        Path prog = script("sleepy.sh", "sleep 120 &\necho $! > " + pidFile + "\nwait\n");
        Thread[] runner = new Thread[1];
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        runner[0] = new Thread(() -> {
            try {
                new ProcessInvoker(tmp.resolve("sandboxes"), "node1", Map.of()).run(job(call(prog, null, false, List.of())),
                        new Object[0]);
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        runner[0].start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(pidFile) && Files.readString(pidFile).strip().matches("\\d+"))) {
            assertTrue(System.nanoTime() < deadline, "the program never started its child");
            Thread.onSpinWait();
        }
        long child = Long.parseLong(Files.readString(pidFile).strip());
        assertTrue(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false));

        runner[0].interrupt(); // what the execution manager does on a time-out or a cancellation

        assertInstanceOf(InterruptedException.class, outcome.get(30, TimeUnit.SECONDS));
        var handle = ProcessHandle.of(child);
        if (handle.isPresent()) {
            handle.get().onExit().get(10, TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the child survived");
    }
}
