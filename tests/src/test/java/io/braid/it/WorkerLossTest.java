package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Workers killed ({@code kill -9}) while chains of dependent tasks run: the results that lived only
 * on them are recomputed from lineage, transitively, and the run ends with the right result, or,
 * when no worker is left to recompute them, stops with one line saying why.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerLossTest extends ItBase {
    private static final int CHAINS = 8;
    private static final int LENGTH = 40;

    /** The run a user met: it used to hang forever once the lost chains were re-run. */
    @Test
    void chainsFinishAfterAWorkerIsKilledMidRun() {
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "main", List.of("127.0.0.3"));

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), () -> "the loss is logged\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    /** The final sum is a tree of tasks over the chains' results, many of them lost. */
    @Test
    void fanInOverLostResults() {
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "fan-in", List.of("127.0.0.3"));

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), () -> "the loss is logged\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    /** Three workers; a second is killed while the first one's results are being recomputed. */
    @Test
    void secondLossDuringTheRecomputation() {
        RunResult r = killDuringChains(Clusters.local(3).cus(2), "main", List.of("127.0.0.3", "127.0.0.4"));

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.4 lost"), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    /** Both workers killed: nothing can recompute the lost results, so the run stops and says so. */
    @Test
    void everyWorkerLostStopsTheRunWithOneLine() {
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "main", List.of("127.0.0.3", "127.0.0.2"));

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdoutStartingWith("sum=").isEmpty(), r::describe);
        List<String> errors = r.stderrLines().stream().filter(l -> l.contains("ERROR")).toList();
        assertEquals(1, errors.size(), () -> "exactly one error line expected\n" + r.describe());
        assertTrue(errors.get(0).contains("every worker is lost"), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * Starts the chains, kills the given workers one after another once the middle of the chains
     * is done (each kill after the runtime has logged the previous loss), and waits for the end.
     */
    private RunResult killDuringChains(Clusters cluster, String mode, List<String> victims) {
        Clusters.Files xml = cluster.write(tmp.resolve("xml"));
        BraidRunner.Running run = BraidRunner.in(tmp).app("chains").cluster(xml).main("chains.Main")
                .args(CHAINS, LENGTH, 50, mode).options("--log_level=info").timeout(Duration.ofSeconds(50)).start();
        run.awaitStdout("halfway");
        for (String victim : victims) {
            Optional<ProcessHandle> w = run.workerProcess(victim);
            assertTrue(w.isPresent(), "no worker process with --node=" + victim + " under braid-run");
            assertTrue(w.get().destroyForcibly(), "could not kill the worker " + victim);
            run.awaitRuntimeLog(java.util.regex.Pattern.compile("(worker " + java.util.regex.Pattern.quote(victim)
                    + " lost)"));
        }
        return run.await();
    }

    private static long expectedSum() {
        long sum = 0;
        for (int c = 0; c < CHAINS; c++) {
            sum += c + LENGTH;
        }
        return sum;
    }
}
