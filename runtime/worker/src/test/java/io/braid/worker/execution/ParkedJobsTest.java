package io.braid.worker.execution;

import io.braid.comm.message.RunTask;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParkedJobsTest {

    private static RunTask job(long id, long after) {
        return new RunTask(id, id, "C", "m", List.of(), false, List.of(), null, false, 1).after(after);
    }

    @Test
    void aJobParkedBehindALiveJobIsHandedOnWhenItEndsWellAndTheChainContinues() {
        ParkedJobs p = new ParkedJobs();
        p.arrived(1);
        RunTask s = job(2, 1);
        RunTask t = job(3, 2);
        assertTrue(p.hold(s));
        assertTrue(p.hold(t), "behind a held job");
        assertSame(s, p.ended(1, true));
        assertSame(t, p.ended(2, true));
        assertNull(p.ended(3, true));
        assertEquals(0, p.heldCount());
    }

    @Test
    void aJobWhosePredecessorEndedOrIsUnknownOrTakenIsRefused() {
        ParkedJobs p = new ParkedJobs();
        p.arrived(1);
        assertNull(p.ended(1, true));
        assertFalse(p.hold(job(2, 1)), "its predecessor ended before it came");
        assertFalse(p.hold(job(3, 77)), "unknown predecessor");
        p.arrived(4);
        assertTrue(p.hold(job(5, 4)));
        assertFalse(p.hold(job(6, 4)), "one job behind each");
    }

    @Test
    void aFailedJobDropsItsWholeHeldChain() {
        ParkedJobs p = new ParkedJobs();
        p.arrived(1);
        assertTrue(p.hold(job(2, 1)));
        assertTrue(p.hold(job(3, 2)));
        assertNull(p.ended(1, false));
        assertEquals(0, p.heldCount());
        assertFalse(p.hold(job(4, 3)), "the dropped jobs are not live");
    }

    @Test
    void cancellingAHeldJobDropsItAndWhatIsBehindItOnly() {
        ParkedJobs p = new ParkedJobs();
        p.arrived(1);
        assertTrue(p.hold(job(2, 1)));
        assertTrue(p.hold(job(3, 2)));
        assertEquals(List.of(2L, 3L), p.cancel(2));
        assertEquals(List.of(), p.cancel(2));
        assertEquals(List.of(), p.cancel(1), "a running job is not held");
        assertNull(p.ended(1, true), "nothing behind it any more");
    }
}
