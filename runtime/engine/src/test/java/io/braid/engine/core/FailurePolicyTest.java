package io.braid.engine.core;

import io.braid.api.OnFailure;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.task.TaskDefinition;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code @Method(onFailure = ...)}: what a task's failure does to the run, on the real core. */
class FailurePolicyTest {
    private static TaskDefinition def(OnFailure policy) {
        return CoreHarness.def(1).withFailureHandling(policy, 0);
    }

    @Test
    void retryRunsTheTaskOnceMoreThenStopsTheRun() {
        CoreHarness h = new CoreHarness(1, 1);
        h.submit(1, def(OnFailure.RETRY));
        h.dispatch();
        h.failed(1);
        assertEquals(List.of("1@1"), h.dispatch(), "sent again, to the other node");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        h.failed(1);
        assertEquals(1, h.fatal.size());
        assertTrue(h.fatal.get(0).contains("after 2 attempts"), h.fatal::toString);
    }

    @Test
    void failStopsTheRunAtTheFirstFailure() {
        CoreHarness h = new CoreHarness(1, 1);
        h.submit(1, def(OnFailure.FAIL));
        h.dispatch();
        h.failed(1, "task cancelled: it ran past its time-out of 50 ms");
        assertEquals(List.of(), h.dispatch(), "not sent again");
        assertEquals(1, h.fatal.size());
        assertTrue(h.fatal.get(0).contains("(onFailure = FAIL): task cancelled: it ran past its time-out of 50 ms"),
                h.fatal::toString);
    }

    @Test
    void ignoreLetsSuccessorsRunOnAnEmptyValue() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, def(OnFailure.IGNORE), object(1, AccessMode.W));
        h.submit(2, CoreHarness.def(1), object(1, AccessMode.R));
        assertEquals(List.of("1@0"), h.dispatch());
        h.failed(1);
        assertEquals(List.of("2@0"), h.dispatch(), "the reader runs");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        String written = h.jobOf(2).params().get(0).inData();
        assertEquals("master", h.jobOf(2).params().get(0).sources().get(0).node(), "the empty value is on the master");
        assertArrayEquals(EmptyValues.NULL_OBJECT, h.core.masterStore().object(written).orElseThrow());
        boolean[] idle = {false};
        h.core.whenIdle(() -> idle[0] = true);
        h.done(2);
        assertTrue(idle[0]);
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void cancelSuccessorsDropsTheTaskAndWhatNeedsItOnly() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, def(OnFailure.CANCEL_SUCCESSORS), object(1, AccessMode.W));
        h.submit(2, CoreHarness.def(1), object(1, AccessMode.R), object(2, AccessMode.W));
        h.submit(3, CoreHarness.def(1), object(2, AccessMode.R));
        h.submit(4, CoreHarness.def(1), object(3, AccessMode.W));
        boolean[] ended = {false};
        h.core.whenTaskEnds(3, () -> ended[0] = true);
        assertEquals(List.of("1@0"), h.dispatch());
        h.failed(1);
        assertTrue(ended[0], "who waits for a cancelled task is told");
        assertEquals(List.of("4@0"), h.dispatch(), "the independent task runs; 2 and 3 never do");
        boolean[] idle = {false};
        h.core.whenIdle(() -> idle[0] = true);
        h.done(4);
        assertTrue(idle[0], "the barrier passes without the cancelled tasks");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);

        DataVersion o2 = h.core.analyser().currentVersion(new ObjectKey(2)).orElseThrow();
        String why = h.core.whyNotComputed(o2);
        assertNotNull(why);
        assertTrue(why.contains("was not computed") && why.contains("onFailure = CANCEL_SUCCESSORS"), why);
        assertNull(h.core.whyNotComputed(h.core.analyser().currentVersion(new ObjectKey(3)).orElseThrow()));
    }

    @Test
    void aTimeOutTravelsWithTheJob() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, CoreHarness.def(1).withFailureHandling(OnFailure.RETRY, 3000));
        h.dispatch();
        assertEquals(3000, h.jobOf(1).timeOutMs());
    }
}
