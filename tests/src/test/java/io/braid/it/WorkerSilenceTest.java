package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker that falls silent without closing its connection (its host vanished, or it hangs):
 * the master notices by the heartbeat timeout, treats it as lost, and the run finishes on the
 * other worker. Played here by stopping the worker JVM with SIGSTOP: its socket stays open, as
 * a cut-off host's does, and nothing comes from it any more.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkerSilenceTest extends ItBase {

    @Test
    void aStoppedWorkerIsLostAfterTheHeartbeatTimeoutAndTheRunFinishesRight() throws Exception {
        int n = 30;
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        BraidRunner.Running run = BraidRunner.in(tmp).app("resilience").cluster(cluster).main("resilience.Main")
                .args(n, "two-stage").options("--log_level=info").timeout(Duration.ofSeconds(100)).start();
        run.awaitStdout("started");
        Optional<ProcessHandle> victim = run.workerProcess("127.0.0.3");
        assertTrue(victim.isPresent(), "no worker process with --node=127.0.0.3 under braid-run");
        Process stop = new ProcessBuilder("kill", "-STOP", String.valueOf(victim.get().pid())).inheritIO().start();
        assertEquals(0, stop.waitFor(), "kill -STOP failed");
        RunResult r = run.await();

        assertEquals(0, r.exitCode(), r::describe);
        long expected = 0;
        for (long i = 0; i < n; i++) {
            expected += i * i + 1;
        }
        assertEquals(String.valueOf(expected), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 silent for"), () -> "the heartbeat timeout is logged\n" + r.describe());
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), () -> "the loss is logged\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }
}
