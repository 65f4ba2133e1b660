package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Chaining ahead through braid-run: the links of a chain are parked on the worker running the
 * link they wait for (braid.scheduler.chainAhead, on by default). A link that throws once is
 * retried and the chain behind it goes on; a worker killed ({@code kill -9}) while a parked chain
 * waits on it does not lose the run: the chain is resubmitted elsewhere with its lost inputs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChainAheadTest extends ItBase {

    private BraidRunner.Running start(Clusters cluster, int length, int ms, int failAt, String... masterOpts) {
        Clusters.Files xml = cluster.write(tmp.resolve("xml"));
        return BraidRunner.in(tmp).app("chainahead").cluster(xml).main("chainahead.Main")
                .env("BRAID_MASTER_JVM_OPTS", String.join(" ", masterOpts))
                .args(length, ms, failAt, tmp.resolve("failed-once"), tmp.resolve("worker.pid"))
                .options(List.of("--log_level=info")).timeout(Duration.ofSeconds(50)).start();
    }

    @Test
    void aLinkThatThrowsOnceIsRetriedAndTheChainEndsRight() {
        RunResult r = start(Clusters.local(1).cus(2), 80, 0, 40).await();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("80", r.value("result="), r::describe);
        assertTrue(Files.exists(tmp.resolve("failed-once")), "the planned failure happened");
        assertTrue(r.runtimeLog().contains("planned failure of the link reading 40"),
                () -> "the failure is logged\n" + r.describe());
        assertTrue(Pattern.compile("task \\d+ failed: the [1-9]\\d* task\\(s\\) parked behind it wait for it again")
                .matcher(r.runtimeLog()).find(), () -> "the links behind it were parked\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void aWorkerKilledWhileAParkedChainWaitsOnItDoesNotLoseTheRun() throws IOException {
        BraidRunner.Running run = start(Clusters.local(2).cus(2), 40, 100, -1, "-Dbraid.worker.restarts=0");
        run.awaitStdout("submitted");
        Path pidFile = tmp.resolve("worker.pid");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(pidFile)) {
            assertTrue(System.nanoTime() < end, "no link ran");
            Thread.onSpinWait();
        }
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        Optional<ProcessHandle> victim = ProcessHandle.of(pid);
        assertTrue(victim.isPresent(), "the chain's worker " + pid + " is gone already");
        assertTrue(victim.get().destroyForcibly(), "could not kill the worker " + pid);
        String lost = run.awaitRuntimeLog(Pattern.compile("worker (\\S+) lost"));
        RunResult r = run.await();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("40", r.value("result="), r::describe);
        assertTrue(Pattern.compile("worker " + Pattern.quote(lost) + " lost: [1-9]\\d* task\\(s\\) parked on it wait")
                .matcher(r.runtimeLog()).find(), () -> "links were parked on the killed worker\n" + r.describe());
        assertTrue(Long.parseLong(Files.readString(pidFile).trim()) != pid, "the chain went on on the other worker");
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void offTheChainRunsTheOrdinaryWay() {
        RunResult r = start(Clusters.local(1).cus(2), 30, 0, 10, "-Dbraid.scheduler.chainAhead=0").await();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("30", r.value("result="), r::describe);
    }
}
