package io.braid.engine.core;

import io.braid.comm.message.DeleteData;
import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.task.SubmittedParam;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dropping data the main program is done with ({@code dropDatum}, {@code dropAfterUse}) through
 * the real analyser and core: a version goes once every pending task that reads it has ended,
 * and at once when none does, whatever else is pending.
 */
class DataDropsTest {
    /** A parameter carrying the main program's value of the object (its first use). */
    private static SubmittedParam mainValue(long key) {
        return new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Object", null, new ObjectKey(key), AccessMode.R,
                false, new byte[] {1, 2, 3}, null, "o" + key, null);
    }

    private static boolean deletedOnWorker(CoreHarness h, String version) {
        h.dispatch(); // reads what the core wrote to the workers into h.others
        return h.others.contains("0:" + new DeleteData(List.of(version)));
    }

    @Test
    void aVersionNoPendingTaskReadsGoesAtOnce() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1, object(1, AccessMode.W));
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1, "d1v1");
        for (long id = 2; id <= 50; id++) {
            h.submit(id, 1, mainValue(id)); // pending tasks reading other data
        }
        h.core.dropDatum(new ObjectKey(1));
        assertEquals(0, h.core.locations().holders("d1v1").length, "no pending task reads it");
        assertTrue(deletedOnWorker(h, "d1v1"), "the worker was told: " + h.others);
    }

    @Test
    void versionsDroppedInOneBatchOfEventsGoInOneMessagePerWorker() {
        CoreHarness h = new CoreHarness(4);
        for (long id = 1; id <= 3; id++) {
            h.submit(id, 1, object(id, AccessMode.W));
        }
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch());
        h.done(1, "d1v1");
        h.done(2, "d2v1");
        h.done(3, "d3v1");
        h.core.dropData(List.of(new ObjectKey(1), new ObjectKey(2), new ObjectKey(99), new ObjectKey(3)));
        h.dispatch();
        assertTrue(h.others.contains("0:" + new DeleteData(List.of("d1v1", "d2v1", "d3v1"))),
                "one message for the three (an unknown key ignored): " + h.others);
        assertEquals(1, h.others.stream().filter(m -> m.contains("DeleteData")).count(), h.others.toString());
    }

    @Test
    void aVersionGoesOnlyWhenItsLastReaderEnds() {
        CoreHarness h = new CoreHarness(8);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.R));
        h.submit(3, 1, object(1, AccessMode.R));
        h.submit(4, 1, object(1, AccessMode.R));
        h.submit(5, 1, mainValue(2));
        h.core.dropDatum(new ObjectKey(1));
        assertEquals(List.of("1@0", "5@0"), h.dispatch());
        h.done(1, "d1v1");
        assertEquals(1, h.core.locations().holders("d1v1").length, "kept: its readers have yet to run");
        assertEquals(List.of("2@0", "3@0", "4@0"), h.dispatch());
        h.done(3);
        h.done(2);
        h.done(5);
        assertEquals(1, h.core.locations().holders("d1v1").length, "kept: task 4 still reads it");
        assertFalse(deletedOnWorker(h, "d1v1"));
        h.done(4);
        assertEquals(0, h.core.locations().holders("d1v1").length, "gone after its last reader");
        assertTrue(deletedOnWorker(h, "d1v1"), "the worker was told: " + h.others);
        assertEquals(0, h.core.trackedReadVersions(), "nothing pending, nothing indexed");
    }

    @Test
    void aTaskReadingTheVersionThroughTwoParametersIsOneReader() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.R), object(1, AccessMode.R));
        h.core.dropDatum(new ObjectKey(1));
        h.dispatch();
        h.done(1, "d1v1");
        assertEquals(List.of("2@0"), h.dispatch());
        assertEquals(1, h.core.locations().holders("d1v1").length);
        h.done(2);
        assertEquals(0, h.core.locations().holders("d1v1").length);
        assertEquals(0, h.core.trackedReadVersions());
    }

    @Test
    void aLaterUseOfTheKeyIsANewDatumThatDoesNotHoldTheDroppedVersion() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1, mainValue(1));
        h.core.dropDatum(new ObjectKey(1));
        assertTrue(h.core.masterStore().object("d1v1").isPresent(), "task 1 reads it");
        h.submit(2, 1, mainValue(1)); // the main program uses the key again: a new datum
        assertEquals(List.of("1@0"), h.dispatch()); // one core: task 2 stays pending
        h.done(1);
        assertTrue(h.core.masterStore().object("d1v1").isEmpty(), "gone although task 2, of the new datum, pends");
        assertTrue(h.core.masterStore().object("d2v1").isPresent(), "the new datum's version stays");
    }

    @Test
    void aVersionDroppedAfterUseWaitsForReadersSubmittedBeforeTheDrop() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1, mainValue(1));
        h.submit(2, 1, mainValue(1));
        h.submit(3, 1, object(1, AccessMode.R));
        h.core.dropAfterUse(new ObjectKey(1), 1);
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1);
        assertTrue(h.core.masterStore().object("d1v1").isPresent(), "tasks 2 and 3 read it");
        h.dispatch(); // both may go: the scheduler sends ahead once it knows tasks are short
        h.done(2);
        assertTrue(h.core.masterStore().object("d1v1").isPresent(), "task 3 reads it");
        h.dispatch();
        h.done(3);
        assertTrue(h.core.masterStore().object("d1v1").isEmpty());
    }

    @Test
    void commutativeTasksThatTakeOtherVersionsWhenSentLeaveNothingIndexed() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(3, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(4, 1, object(1, AccessMode.R));
        String last = h.core.analyser().currentVersion(new ObjectKey(1)).orElseThrow().name();
        h.core.dropDatum(new ObjectKey(1));
        h.runToEnd();
        assertEquals(0, h.core.locations().holders(last).length, "the group's last version went after task 4");
        assertTrue(h.others.contains("0:" + new DeleteData(List.of(last))), "the worker was told: " + h.others);
        assertEquals(0, h.core.trackedReadVersions(), "the versions the group's tasks took were indexed and forgotten");
        assertTrue(h.fatal.isEmpty(), h.fatal.toString());
    }
}
