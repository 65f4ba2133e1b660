package io.braid.engine.core;

import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.task.SubmittedParam;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** COMMUTATIVE, CONCURRENT and IN_DELETE accesses through the real analyser and core. */
class GroupAccessTest {
    /** A parameter carrying the main program's value of the object (its first use). */
    private static SubmittedParam mainValue(long key, AccessMode mode) {
        return new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Object", null, new ObjectKey(key), mode, false,
                new byte[] {1, 2, 3}, null, "o" + key, null);
    }

    private static String in(RunTask job, int param) {
        return job.params().get(param).inData();
    }

    private static String out(RunTask job, int param) {
        return job.params().get(param).outData();
    }

    @Test
    void commutativeTasksRunOneAtATimeEachReadingWhatThePreviousWrote() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(3, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(4, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(5, 1, object(1, AccessMode.R));
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1, "d1v1");
        assertEquals(List.of("2@0"), h.dispatch(), "one at a time, although 4 cores are free");
        assertEquals("d1v1", in(h.jobOf(2), 0));
        assertEquals("d1v2", out(h.jobOf(2), 0));
        h.done(2, "d1v2");
        assertEquals(List.of("3@0"), h.dispatch());
        assertEquals("d1v2", in(h.jobOf(3), 0));
        h.done(3, "d1v3");
        assertEquals(List.of("4@0"), h.dispatch());
        assertEquals("d1v3", in(h.jobOf(4), 0));
        assertEquals("d1v4", out(h.jobOf(4), 0));
        h.done(4, "d1v4");
        assertEquals(List.of("5@0"), h.dispatch(), "the next reader waits for the whole group");
        assertEquals("d1v4", in(h.jobOf(5), 0));
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void commutativeTasksRunInTheOrderTheyBecomeReady() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(9, AccessMode.W)); // a slow input of task 2
        h.submit(2, 1, mainValue(1, AccessMode.COMMUTATIVE), object(9, AccessMode.R));
        h.submit(3, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(4, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(5, 1, object(1, AccessMode.R));
        assertEquals(List.of("1@0", "3@0"), h.dispatch());
        assertEquals("d2v1", in(h.jobOf(3), 0), "the main program's value, from before the group");
        assertEquals("d2v2", out(h.jobOf(3), 0));
        h.done(1, "d1v1");
        assertEquals(List.of(), h.dispatch(), "task 2 is ready but 3 holds the group");
        h.done(3, "d2v2");
        List<String> next = h.dispatch();
        assertEquals(1, next.size(), next::toString);
        long second = Long.parseLong(next.get(0).split("@")[0]);
        assertEquals("d2v2", in(h.jobOf(second), 0));
        assertEquals("d2v3", out(h.jobOf(second), 0));
        h.done(second, "d2v3");
        List<String> third = h.dispatch();
        long last = Long.parseLong(third.get(0).split("@")[0]);
        assertEquals(List.of(2L, 4L), List.of(Math.min(second, last), Math.max(second, last)));
        assertEquals("d2v3", in(h.jobOf(last), 0));
        assertEquals("d2v4", out(h.jobOf(last), 0));
        h.done(last, "d2v4");
        assertEquals(List.of("5@0"), h.dispatch());
        assertEquals("d2v4", in(h.jobOf(5), 0), "the last version is always the last one written");
    }

    @Test
    void aFailedCommutativeTaskKeepsItsPlaceWhenItIsRetried() {
        CoreHarness h = new CoreHarness(2, 2);
        h.submit(1, 1, mainValue(1, AccessMode.COMMUTATIVE));
        h.submit(2, 1, object(1, AccessMode.COMMUTATIVE));
        assertEquals(List.of("1@0"), h.dispatch());
        h.failed(1);
        assertEquals(List.of("1@1"), h.dispatch(), "the retry goes before task 2");
        assertEquals("d1v1", in(h.jobOf(1), 0));
        assertEquals("d1v2", out(h.jobOf(1), 0));
        h.done(1, "d1v2");
        assertEquals(List.of("2@1"), h.dispatch(), "next to what it reads");
        assertEquals("d1v2", in(h.jobOf(2), 0));
    }

    @Test
    void concurrentTasksRunAtOnceOnTheSameVersionAndTheNextAccessWaitsForAll() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.CONCURRENT));
        h.submit(3, 1, object(1, AccessMode.CONCURRENT));
        h.submit(4, 1, object(1, AccessMode.R));
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1, "d1v1");
        assertEquals(List.of("2@0", "3@0"), h.dispatch());
        assertEquals("d1v1", in(h.jobOf(2), 0));
        assertEquals("d1v1", in(h.jobOf(3), 0));
        assertNull(out(h.jobOf(3), 0));
        h.done(2);
        assertEquals(List.of(), h.dispatch(), "task 4 waits for every concurrent task");
        h.done(3);
        assertEquals(List.of("4@0"), h.dispatch());
        assertEquals("d1v1", in(h.jobOf(4), 0));
    }

    @Test
    void theMainProgramWaitsForEveryTaskOfAnOpenGroup() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(1, AccessMode.COMMUTATIVE));
        h.submit(2, 1, object(1, AccessMode.COMMUTATIVE));
        assertEquals(List.of(1L, 2L), h.core.analyser().groupMembersPending(new ObjectKey(1)));
        assertEquals(List.of(), h.core.analyser().groupMembersPending(new ObjectKey(1)), "the main's access closed it");
    }

    @Test
    void aVersionDroppedAfterUseGoesOnceItsLastReaderEnds() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1, mainValue(1, AccessMode.R));
        h.submit(2, 1, mainValue(1, AccessMode.R));
        h.core.dropAfterUse(new ObjectKey(1), 2);
        assertEquals(List.of("1@0", "2@0"), h.dispatch());
        String version = in(h.jobOf(2), 0);
        h.done(2);
        assertTrue(h.core.masterStore().object(version).isPresent(), "task 1 still reads it");
        h.done(1);
        assertTrue(h.core.masterStore().object(version).isEmpty(), "dropped after its last reader");
        assertEquals(0, h.core.locations().holders(version).length);
        h.submit(3, 1, object(1, AccessMode.R));
        h.dispatch();
        assertEquals(1, h.core.analyser().currentVersion(new ObjectKey(1)).orElseThrow().version(),
                "a later use of the key is a new datum");
    }

    @Test
    void aDroppedDatumGoesOnceItsWriterAndReadersHaveEnded() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1, object(1, AccessMode.W));
        h.submit(2, 1, object(1, AccessMode.R));
        h.core.dropDatum(new ObjectKey(1));
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1, "d1v1");
        assertEquals(1, h.core.locations().holders("d1v1").length, "task 2 has yet to read it");
        assertEquals(List.of("2@0"), h.dispatch());
        h.done(2);
        assertEquals(0, h.core.locations().holders("d1v1").length, "gone after its last reader");
        assertTrue(h.core.analyser().currentVersion(new ObjectKey(1)).isEmpty(), "the key is forgotten");
    }
}
