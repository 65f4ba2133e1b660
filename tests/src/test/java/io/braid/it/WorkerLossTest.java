package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Workers killed ({@code kill -9}) while chains of dependent tasks run: the results that lived only
 * on them are recomputed from lineage, transitively (killed workers are started again), and the
 * run ends with the right result, or, when no node can host what is left, stops with one line saying why.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerLossTest extends ItBase {
    private static final int CHAINS = 8;
    private static final int LENGTH = 40;
    /** Whether killed workers are started again (the default of braid-run) in this test. */
    private boolean restartKilled;

    /** The run a user met: it used to hang forever once the lost chains were re-run. */
    @Test
    void chainsFinishAfterAWorkerIsKilledMidRun() {
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "main", List.of("127.0.0.3"));

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), () -> "the loss is logged\n" + r.describe());
        assertTrue(r.runtimeLog().contains("was lost with its worker: running chains.Tasks.step("),
                () -> "results that lived only on the lost worker are recomputed\n" + r.describe());
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * Every task has ended when the worker is killed; then the main program reads the middle and
     * last result of every chain: many lived only on the lost worker, and so did what they were
     * computed from, and no pending task asks for them: the main program's reads recompute them.
     */
    @Test
    void theMainProgramReadsResultsLostWithTheWorker() {
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "main", List.of("127.0.0.3"), true);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedMiddles()), r.value("middles="), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("was lost with its worker: running chains.Tasks.step("),
                () -> "the main program's reads recompute what was lost\n" + r.describe());
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

    /**
     * Three workers; a second is killed while the first one's results are being recomputed (once
     * the first re-run is logged), so re-runs and what they recomputed are lost again.
     */
    @Test
    void secondLossDuringTheRecomputation() {
        // After every task ended (so nothing but the main program's reads needs the lost middles,
        // and the recomputation is certain to start: killed mid-chains, the tasks resubmitted
        // sometimes had their inputs elsewhere and the run ended before any recomputation).
        RunResult r = killDuringChains(Clusters.local(3).cus(2), "main", List.of("127.0.0.3", "127.0.0.4"), true);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedMiddles()), r.value("middles="), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 lost"), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.4 lost"), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * The root of the sum tree needs 4 computing units and only 127.0.0.3 has them: once it is
     * lost, the chains finish on 127.0.0.2 and the run stops, naming the task no node can host.
     */
    @Test
    void aTaskNoLiveNodeCanHostStopsTheRunWithOneLine() {
        Clusters cluster = Clusters.builder().node("127.0.0.2", 2, "Intel", 4).node("127.0.0.3", 4, "Intel", 4);
        RunResult r = killDuringChains(cluster, "wide-fan-in", List.of("127.0.0.3"));

        assertNotEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdoutStartingWith("sum=").isEmpty(), r::describe);
        List<String> errors = r.stderrLines().stream().filter(l -> l.contains("ERROR")).toList();
        assertEquals(1, errors.size(), () -> "exactly one error line expected\n" + r.describe());
        String error = errors.get(0);
        assertTrue(error.contains("no worker can run chains.Tasks.wideSum(") && error.contains("4 computing units")
                && error.contains("127.0.0.3"), () -> "the error names the task, what it needs and the lost node: "
                + error);
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * Both workers killed, one after the other: each is started again on its node, and the lost
     * results are recomputed on the new workers.
     */
    @Test
    void bothWorkersKilledAreStartedAgainAndTheRunFinishesRight() {
        restartKilled = true;
        RunResult r = killDuringChains(Clusters.local(2).cus(2), "main", List.of("127.0.0.3", "127.0.0.2"));

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(expectedSum()), r.value("sum="), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.3 started again"), r::describe);
        assertTrue(r.runtimeLog().contains("worker 127.0.0.2 started again"), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * Starts the chains and kills ({@code kill -9}) the first victim once the middle of the chains
     * is done, while many results live only on it; each further victim once the runtime has logged
     * the previous loss and started re-running lost producers. Waits for the end of the run.
     */
    private RunResult killDuringChains(Clusters cluster, String mode, List<String> victims) {
        return killDuringChains(cluster, mode, victims, false);
    }

    /**
     * With {@code readMiddles}, the kills come once every task has ended, and the main program
     * reads the chains' middle and last results after them.
     */
    private RunResult killDuringChains(Clusters cluster, String mode, List<String> victims, boolean readMiddles) {
        Clusters.Files xml = cluster.write(tmp.resolve("xml"));
        Path resume = tmp.resolve("resume");
        List<Object> args = new ArrayList<>(List.of(CHAINS, LENGTH, 50, mode));
        if (readMiddles) {
            args.add(resume);
        }
        BraidRunner.Running run = BraidRunner.in(tmp).app("chains").cluster(xml).main("chains.Main")
                // Killed workers stay dead (lineage without a node coming back) unless the test says otherwise.
                .env("BRAID_MASTER_JVM_OPTS", restartKilled ? "" : "-Dbraid.worker.restarts=0")
                .args(args.toArray())
                .options(mode.equals("wide-fan-in") ? List.of("--log_level=info", "--interface=chains.WideItf")
                        : List.of("--log_level=info")).timeout(Duration.ofSeconds(50)).start();
        run.awaitStdout(readMiddles ? "all done" : "halfway");
        for (int i = 0; i < victims.size(); i++) {
            String victim = victims.get(i);
            if (i > 0) {
                run.awaitRuntimeLog(Pattern.compile("(was lost with its worker: running)"));
            }
            Optional<ProcessHandle> w = run.workerProcess(victim);
            assertTrue(w.isPresent(), "no worker process with --node=" + victim + " under braid-run");
            assertTrue(w.get().destroyForcibly(), "could not kill the worker " + victim);
            run.awaitRuntimeLog(Pattern.compile("(worker " + Pattern.quote(victim) + " lost)"));
            if (readMiddles && i == 0) {
                // The main program reads the lost middles now: the next victim dies while they are recomputed.
                try {
                    Files.createFile(resume);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return run.await();
    }

    private static long expectedMiddles() {
        long middles = 0;
        for (int c = 0; c < CHAINS; c++) {
            middles += c + LENGTH / 2 + 1;
        }
        return middles;
    }

    private static long expectedSum() {
        long sum = 0;
        for (int c = 0; c < CHAINS; c++) {
            sum += c + LENGTH;
        }
        return sum;
    }
}
