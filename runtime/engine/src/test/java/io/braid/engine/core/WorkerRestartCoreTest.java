package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A lost node whose worker is started again: the run waits for it, uses it again, or goes on without it. */
class WorkerRestartCoreTest {

    @Test
    void whileTheOnlyNodeRestartsTheRunWaitsAndItsTasksGoThereOnceItIsBack() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1, object(1, W));
        h.submit(2, 1, object(1, R), object(2, W));
        assertEquals(List.of("1@0"), h.dispatch());
        h.complete(h.outstanding().get(0));
        assertEquals(List.of("2@0"), h.dispatch());
        h.loseRestarting(0);
        assertEquals(List.of(), h.dispatch(), "no node is up");
        assertTrue(h.fatal.isEmpty(), () -> "a restarting node is not a stall: " + h.fatal);
        h.comeBack(0);
        // task 2 needs d1, lost with the first worker: task 1 runs again first
        assertEquals(List.of("1", "2"), h.runToEnd());
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void aNodeExcludedInsteadOfRestartedLeavesTheRunToTheOthers() {
        CoreHarness h = new CoreHarness(1, 1);
        h.submit(1, 1, object(1, W));
        h.submit(2, 1, object(2, W));
        assertEquals(List.of("1@0", "2@1"), h.dispatch());
        h.loseRestarting(1);
        h.core.nodeExcluded(1, "its worker could not be started");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        assertEquals(List.of("1", "2"), h.runToEnd(), "task 2 goes to node 0 after task 1");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void theLastNodeExcludedStopsTheRunNamingWhy() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1, object(1, W));
        assertEquals(List.of("1@0"), h.dispatch());
        h.loseRestarting(0);
        h.dispatch();
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        h.core.nodeExcluded(0, "its worker died 4 times");
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        assertTrue(h.fatal.get(0).contains("n0") && h.fatal.get(0).contains("its worker died 4 times"), h.fatal::toString);
    }
}
