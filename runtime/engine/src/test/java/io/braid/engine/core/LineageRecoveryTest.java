package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static io.braid.engine.core.CoreHarness.writes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.message.RunTask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Versions lost with their worker are recomputed from lineage, transitively, whoever needs them
 * (a pending task, a re-run, the main program), and a run that can make no more progress stops
 * with one line saying why. Data names: object k's first version is "dkv1".
 */
class LineageRecoveryTest {

    /** Task {@code id}: reads the objects {@code reads}, writes object {@code id}, on one unit. */
    private static void task(CoreHarness h, long id, long... reads) {
        h.submit(id, 1, params(id, reads));
    }

    private static io.braid.engine.task.SubmittedParam[] params(long id, long... reads) {
        var ps = new io.braid.engine.task.SubmittedParam[reads.length + 1];
        for (int i = 0; i < reads.length; i++) {
            ps[i] = object(reads[i], R);
        }
        ps[reads.length] = object(id, W);
        return ps;
    }

    /** Dispatches the task alone and lets it end; returns its node. */
    private static int runAlone(CoreHarness h, long id) {
        List<String> sent = h.dispatch();
        assertEquals(1, sent.size(), () -> "one job expected: " + sent);
        assertTrue(sent.get(0).startsWith(id + "@"), sent::toString);
        h.complete(h.outstanding().get(0));
        return h.nodeOf(id);
    }

    /** A chain 1..n run one link after the other (node 0 has the most units: it gets them all). */
    private static void chainOnNode0(CoreHarness h, long first, int n) {
        for (long id = first; id < first + n; id++) {
            if (id == first) {
                task(h, id);
            } else {
                task(h, id, id - 1);
            }
            assertEquals(0, runAlone(h, id), "the link runs on node 0");
        }
    }

    private static List<String> sorted(List<String> l) {
        List<String> s = new ArrayList<>(l);
        Collections.sort(s);
        return s;
    }

    @Test
    void aChainWhoseLinksAllLivedOnTheLostNodeIsRecomputedFromItsStart() {
        CoreHarness h = new CoreHarness(4, 1);
        chainOnNode0(h, 1, 4);
        task(h, 5, 4);
        h.lose(0);
        assertEquals(List.of("1", "2", "3", "4", "5"), h.runToEnd(), "each lost link once, oldest first, then the pending task");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    /** The hang users met: the re-run a lost input starts must be sent in the same pass, with no later event. */
    @Test
    void theReRunOfALostInputIsSentInTheSamePass() {
        CoreHarness h = new CoreHarness(4, 1);
        chainOnNode0(h, 1, 1);
        task(h, 2, 1);
        h.lose(0);
        assertEquals(List.of("1@1"), h.dispatch(), "the producer of d1v1 runs again at once");
    }

    @Test
    void aFanInOverSeveralLostInputsRecomputesThemAllAtOnce() {
        CoreHarness h = new CoreHarness(4, 3);
        for (long id = 1; id <= 3; id++) {
            task(h, id);
            assertEquals(0, runAlone(h, id));
        }
        task(h, 4, 1, 2, 3);
        h.lose(0);
        assertEquals(List.of("1@1", "2@1", "3@1"), h.dispatch(), "all three lost inputs in parallel, not one per attempt");
        for (RunTask job : h.outstanding()) {
            h.complete(job);
        }
        assertEquals(List.of("4@1"), h.dispatch(), "the fan-in once the last input is back");
        h.complete(h.outstanding().get(0));
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void losingTheOnlyHolderOfManyVersionsRecomputesEachOnceAndOnlyWhatIsNeeded() {
        CoreHarness h = new CoreHarness(8, 2);
        for (int c = 0; c < 4; c++) {
            chainOnNode0(h, 100 * c + 1, 6);
        }
        // Pending: the next link of each chain, and a fan-in of the ends of the first two chains.
        for (int c = 0; c < 4; c++) {
            task(h, 1000 + c, 100 * c + 6);
        }
        task(h, 2000, 1000, 1001);
        h.lose(0);
        List<String> ran = h.runToEnd();
        List<String> expected = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            for (int k = 1; k <= 6; k++) {
                expected.add(String.valueOf(100 * c + k));
            }
            expected.add(String.valueOf(1000 + c));
        }
        expected.add("2000");
        assertEquals(sorted(expected), sorted(ran), "every lost link exactly once, every pending task once");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void aVersionThatSurvivedElsewhereIsNotRecomputed() {
        CoreHarness h = new CoreHarness(4, 1);
        chainOnNode0(h, 1, 3);
        h.addLocation("d2v1", 1); // a task on node 1 had fetched it
        task(h, 4, 3);
        h.lose(0);
        assertEquals(List.of("3", "4"), h.runToEnd(), "d3v1 is recomputed from the copy of d2v1 on node 1");
    }

    /** Three nodes: node 0 is lost, then the node doing the recomputation, with a re-run on it. */
    @Test
    void aLossDuringTheRecomputationIsRecoveredToo() {
        CoreHarness h = new CoreHarness(4, 1, 1);
        chainOnNode0(h, 1, 4);
        task(h, 5, 4);
        h.lose(0);
        List<String> first = h.dispatch();
        assertEquals(1, first.size(), first::toString);
        assertTrue(first.get(0).startsWith("1@"), first::toString);
        h.complete(h.outstanding().get(0));
        List<String> second = h.dispatch();
        assertTrue(second.size() == 1 && second.get(0).startsWith("2@"), second::toString);
        int busy = h.nodeOf(2);
        // The re-run of 2 is out on a node that also holds the recomputed d1v1: lose that one too.
        h.lose(busy);
        List<String> ran = h.runToEnd();
        assertEquals(List.of("1", "2", "3", "4", "5"), ran, "d1v1 recomputed again, then the rest");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        assertFalse(h.core.workers().get(busy).alive());
    }

    /** A job on a live node whose input's holder vanished while it fetched it: sent again once it is recomputed. */
    @Test
    void aJobThatCouldNotFetchItsLostInputIsSentAgainOnceItIsRecomputed() {
        CoreHarness h = new CoreHarness(4, 1);
        chainOnNode0(h, 1, 2);
        h.submit(3, 4, object(3, W)); // fills node 0
        task(h, 4, 2);
        assertEquals(List.of("3@0", "4@1"), h.dispatch());
        RunTask job4 = h.outstanding().stream().filter(j -> j.taskId() == 4).findFirst().orElseThrow();
        h.complete(h.outstanding().stream().filter(j -> j.taskId() == 3).findFirst().orElseThrow());
        h.lose(0);
        h.inputUnavailable(job4);
        assertEquals(List.of("1", "2", "4"), h.runToEnd());
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    /** The main program reads a value whose only copy was lost (what MainAccessService does). */
    @Test
    void aMainProgramWaitOnALostVersionRecomputesItsLineage() {
        CoreHarness h = new CoreHarness(4, 1);
        chainOnNode0(h, 1, 3);
        h.lose(0);
        List<String> back = new ArrayList<>();
        h.core.recompute("d3v1", () -> back.add("d3v1"));
        assertEquals(List.of("1", "2", "3"), h.runToEnd());
        assertEquals(List.of("d3v1"), back, "the main program's wait ends once");
        assertEquals(1, h.core.locations().holders("d3v1")[0], "the value is on node 1 now");
        List<String> idle = new ArrayList<>();
        h.core.whenIdle(() -> idle.add("idle"));
        assertEquals(List.of("idle"), idle, "no re-run is left pending");
    }

    @Test
    void twoWaitersOnOneLostVersionShareOneReRun() {
        CoreHarness h = new CoreHarness(4, 2);
        chainOnNode0(h, 1, 2);
        task(h, 3, 2);
        h.lose(0);
        List<String> back = new ArrayList<>();
        h.core.recompute("d2v1", () -> back.add("main"));
        assertEquals(List.of("1", "2", "3"), h.runToEnd());
        assertEquals(List.of("main"), back);
    }

    @Test
    void aStallIsReportedNamingTheTaskNoLiveNodeCanHost() {
        CoreHarness h = new CoreHarness(2, 1);
        h.submit(1, 2, object(1, W));
        assertEquals(List.of("1@0"), h.dispatch());
        h.complete(h.outstanding().get(0));
        h.submit(2, 2, object(1, R), object(2, W));
        h.lose(0);
        assertEquals(List.of(), h.dispatch());
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        String error = h.fatal.get(0);
        assertTrue(error.startsWith("no worker can run demo.Tasks.t2("), error);
        assertTrue(error.contains("2 computing units") && error.contains("lost: n0"), error);
    }

    @Test
    void aStallOfAReRunTheMainProgramWaitsForIsReported() {
        CoreHarness h = new CoreHarness(2, 1);
        h.submit(1, 2, object(1, W));
        assertEquals(List.of("1@0"), h.dispatch());
        h.complete(h.outstanding().get(0));
        h.lose(0);
        assertEquals(List.of(), h.fatal, "nothing pending, nothing to report");
        h.core.recompute("d1v1", () -> { });
        h.dispatch();
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        assertTrue(h.fatal.get(0).contains("(to recompute data lost with its worker)"), h.fatal::toString);
    }

    @Test
    void noStallWhileTasksRunOrNothingIsPending() {
        CoreHarness h = new CoreHarness(1);
        assertEquals(List.of(), h.dispatch());
        task(h, 1);
        task(h, 2);
        assertEquals(List.of("1@0"), h.dispatch());
        assertEquals(List.of(), h.dispatch(), "task 2 waits for the unit task 1 holds");
        assertEquals(List.of(), h.fatal);
    }

    @Test
    void aLostVersionWithoutProducerStopsTheRun() {
        CoreHarness h = new CoreHarness(1, 1);
        h.addLocation("d9v1", 0);
        h.lose(0);
        h.core.recompute("d9v1", () -> { });
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        assertTrue(h.fatal.get(0).contains("d9v1") && h.fatal.get(0).contains("no task produced it"), h.fatal::toString);
    }

    @Test
    void aLostVersionOfAStreamWriterIsNotRecomputed() {
        CoreHarness h = new CoreHarness(4, 1);
        h.submit(1, 1, object(1, W), writes("S"));
        assertEquals(List.of("1@0"), h.dispatch());
        h.complete(h.outstanding().get(0));
        task(h, 2, 1);
        h.lose(0);
        h.dispatch();
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        assertTrue(h.fatal.get(0).contains("takes streams"), h.fatal::toString);
    }

}
