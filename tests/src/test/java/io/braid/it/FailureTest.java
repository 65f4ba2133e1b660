package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Task failures, retries, and the loss of a worker in the middle of a run. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FailureTest extends ItBase {
    @Test
    void taskFailingOnceIsRetried() throws Exception {
        Path markers = Files.createDirectories(tmp.resolve("markers"));
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("failures").cluster(cluster).main("failures.Main").args("flaky", markers).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("41", r.value("flaky result: "), r::describe);
        List<String> attempts = Files.readAllLines(markers.resolve("flaky-4"));
        assertEquals(2, attempts.size(), () -> "attempts: " + attempts + "\n" + r.describe());
        assertTrue(attempts.get(0).startsWith("attempt 1 ") && attempts.get(1).startsWith("attempt 2 "), attempts::toString);
        // "attempt N at <working dir>": the retry goes to the other worker when there is one.
        assertNotEquals(attempts.get(0).substring(attempts.get(0).indexOf(" at ")),
                attempts.get(1).substring(attempts.get(1).indexOf(" at ")), () -> "retried on the same node: " + attempts);
    }

    @Test
    void taskAlwaysFailingFailsTheRunWithOneClearError() {
        RunResult r = BraidRunner.in(tmp).app("failures").main("failures.Main").args("doomed", "tag-xyz", 42).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdoutStartingWith("doomed result: ").isEmpty(), r::describe);
        List<String> errors = r.stderrLines().stream().filter(l -> l.contains("ERROR") || l.contains("Exception")).toList();
        assertEquals(1, errors.size(), () -> "exactly one error line expected\n" + r.describe());
        String error = errors.get(0);
        assertTrue(error.contains("Tasks.doomed"), () -> "the error names the task: " + error);
        assertTrue(error.contains("tag-xyz") && error.contains("42"), () -> "the error names the parameter values: " + error);
        assertTrue(error.contains("doomed task always fails"), () -> "the error gives the exception's message: " + error);
        Path workerLog = r.workersDir().resolve("localhost.log");
        assertTrue(Files.isRegularFile(workerLog), () -> "no worker log at " + workerLog + "\n" + r.describe());
        assertTrue(r.stderr().contains(workerLog.toString()), () -> "stderr names the worker log " + workerLog + "\n" + r.describe());
        awaitNoLeftovers(r);
    }

    @Test
    void failedTaskWhoseResultIsNeverUsedStillFailsTheRun() {
        RunResult r = BraidRunner.in(tmp).app("failures").main("failures.Main").args("unused-doomed", "tag-unused").run();

        assertNotEquals(0, r.exitCode(), () -> "exit 0 only if all tasks succeeded\n" + r.describe());
        assertTrue(r.stderr().contains("Tasks.doomed") && r.stderr().contains("tag-unused"), r::describe);
        awaitNoLeftovers(r);
    }

    @Test
    void mainThrowingFailsTheRun() {
        RunResult r = BraidRunner.in(tmp).app("failures").main("failures.Main").args("main-throws").run();

        assertNotEquals(0, r.exitCode(), r::describe);
        assertEquals("2", r.value("fine: "), r::describe);
        assertTrue(r.stderr().contains("the main program gives up"), r::describe);
        awaitNoLeftovers(r);
    }

    /** Killing a worker while it runs tasks: its running tasks are resubmitted to the other worker. */
    @Test
    void workerKilledMidRunTheAppStillFinishes() {
        killWorkerMidRun("one-stage", false);
    }

    /**
     * Killing a worker that also holds results later tasks need (the only copy): the runtime must
     * recompute them (re-run their producers) and finish correctly.
     */
    @Test
    void workerKilledMidRunLostResultsAreRecomputed() {
        killWorkerMidRun("two-stage", true);
    }

    private void killWorkerMidRun(String mode, boolean plusOne) {
        int n = 40;
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        BraidRunner.Running run = BraidRunner.in(tmp).app("resilience").cluster(cluster).main("resilience.Main")
                .args(n, mode).options("--log_level=info").timeout(java.time.Duration.ofSeconds(90)).start();
        run.awaitStdout("started");
        Optional<ProcessHandle> victim = run.workerProcess("127.0.0.3");
        assertTrue(victim.isPresent(), "no worker process with --node=127.0.0.3 under braid-run");
        assertTrue(victim.get().destroyForcibly(), "could not kill the worker");
        RunResult r = run.await();

        assertFalse(victim.get().isAlive());
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("0", r.value("started "), r::describe);
        long expected = 0;
        for (long i = 0; i < n; i++) {
            expected += i * i + (plusOne ? 1 : 0);
        }
        assertEquals(String.valueOf(expected), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), () -> "the loss is logged\n" + r.describe());
        awaitNoLeftovers(r);
    }

    static void awaitNoLeftovers(RunResult r) {
        long deadline = System.currentTimeMillis() + 5000;
        List<ProcessHandle> left = BraidRunner.leftoverProcesses(r.logDir());
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            BraidRunner.sleep(100);
            left = BraidRunner.leftoverProcesses(r.logDir());
        }
        List<ProcessHandle> still = left;
        still.forEach(ProcessHandle::destroyForcibly);
        assertTrue(still.isEmpty(), () -> "processes still alive after braid-run exited: "
                + still.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?")).toList());
    }
}
