package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.message.RunTask;
import io.braid.engine.task.SubmittedParam;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Chaining ahead on the master: a task waiting only for an assigned task of its shape is sent to
 * that task's node parked behind it; the scheduler's accounting follows the worker's hand-offs
 * exactly; whatever ends a producer without a hand-off (a failure, a late arrival, a lost worker)
 * un-parks its chain, which then runs the ordinary way; stale answers change nothing. Object k's
 * first version is "dkv1".
 */
class ChainAheadTest {

    /** Task {@code id} on one unit: reads object {@code id - 1} when {@code id > first}, writes object {@code id}. */
    private static void link(CoreHarness h, long id, boolean first) {
        if (first) {
            h.submit(id, 1, object(id, W));
        } else {
            h.submit(id, 1, object(id - 1, R), object(id, W));
        }
    }

    private static CoreHarness chain(int depth, int... cores) {
        CoreHarness h = new CoreHarness(cores);
        h.core.setChainAhead(depth);
        return h;
    }

    /** Tasks 1 → 2 → 3 on one node of one unit, chaining ahead up to 64, submitted and not dispatched. */
    private static CoreHarness chainOfThree() {
        CoreHarness h = chain(64, 1);
        link(h, 1, true);
        link(h, 2, false);
        link(h, 3, false);
        return h;
    }

    /** Task 3, the chain's last, ends; nothing is left. */
    private static void endsWithTask3(CoreHarness h) {
        h.complete(job(h, 3));
        h.dispatch();
        assertIdle(h);
    }

    private static RunTask job(CoreHarness h, long task) {
        RunTask j = h.jobOf(task);
        assertTrue(j != null, "no job outstanding for task " + task);
        return j;
    }

    @Test
    void aChainIsSentAtOnceEachLinkParkedBehindThePreviousAndHandedItsUnit() {
        CoreHarness h = chain(64, 2);
        link(h, 1, true);
        link(h, 2, false);
        link(h, 3, false);
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch());
        assertEquals(0, job(h, 1).afterJob());
        assertEquals(job(h, 1).jobId(), job(h, 2).afterJob());
        assertEquals(job(h, 2).jobId(), job(h, 3).afterJob());
        // The input the producer will write is found on the node itself.
        var in = job(h, 2).params().get(0);
        assertEquals("d1v1", in.inData());
        assertEquals(List.of("n0"), in.sources().stream().map(l -> l.node()).toList());
        assertEquals(1, h.scheduler.runningCount(), "parked tasks hold no unit");

        // Two independent tasks: the free unit takes one, the other waits for a unit to be released.
        h.submit(10, 1, object(10, W));
        h.submit(11, 1, object(11, W));
        assertEquals(List.of("10@0"), h.dispatch());
        h.completeHanding(job(h, 1), job(h, 2).jobId());
        assertEquals(List.of(), h.dispatch(), "task 1's unit went to task 2, as on the worker: 11 still waits");
        assertEquals(2, h.scheduler.runningCount());
        h.completeHanding(job(h, 2), job(h, 3).jobId());
        assertEquals(List.of(), h.dispatch());
        h.complete(job(h, 3));
        assertEquals(List.of("11@0"), h.dispatch(), "task 3 released the unit");
        h.complete(job(h, 10));
        h.complete(job(h, 11));
        h.dispatch();
        assertIdle(h);
    }

    @Test
    void aTaskSubmittedAfterItsProducerWasSentIsParkedBehindIt() {
        CoreHarness h = chain(64, 1);
        link(h, 1, true);
        assertEquals(List.of("1@0"), h.dispatch());
        link(h, 2, false);
        link(h, 3, false);
        assertEquals(List.of("2@0", "3@0"), h.dispatch());
        assertEquals(job(h, 1).jobId(), job(h, 2).afterJob());
        assertEquals(job(h, 2).jobId(), job(h, 3).afterJob());
        h.completeHanding(job(h, 1), job(h, 2).jobId());
        h.completeHanding(job(h, 2), job(h, 3).jobId());
        endsWithTask3(h);
    }

    @Test
    void aParkedTaskThatReachedTheWorkerTooLateRunsTheOrdinaryWayAndTheLateAnswerIsIgnored() {
        CoreHarness h = chainOfThree();
        h.dispatch();
        RunTask parked2 = job(h, 2);
        RunTask parked3 = job(h, 3);
        // Task 1 ended before job 2 arrived: no hand-off; the chain behind it is un-parked, 2 is ready.
        h.complete(job(h, 1));
        assertEquals(List.of("2@0", "3@0"), h.dispatch(), "2 sent anew, 3 parked behind the new job");
        RunTask again2 = job(h, 2);
        assertNotEquals(parked2.jobId(), again2.jobId());
        assertEquals(0, again2.afterJob());
        assertEquals(again2.jobId(), job(h, 3).afterJob());
        assertEquals(1, h.scheduler.runningCount());
        // The worker's answers about the old jobs come later: stale.
        h.notParked(parked2);
        h.notParked(parked3);
        assertEquals(List.of(), h.dispatch());
        assertEquals(1, h.scheduler.runningCount());
        assertEquals(2, h.outstanding().size(), "the new jobs of 2 and 3");
        h.completeHanding(again2, job(h, 3).jobId());
        endsWithTask3(h);
    }

    @Test
    void aNotParkedAnswerBeforeTheProducersResultUnParksTheChainUntilTheProducerEnds() {
        CoreHarness h = chainOfThree();
        h.dispatch();
        h.notParked(job(h, 2));
        h.dropped(job(h, 3)); // parked behind 2, which the worker did not hold
        assertEquals(List.of(), h.dispatch(), "2 waits for its input again");
        h.complete(job(h, 1));
        assertEquals(List.of("2@0", "3@0"), h.dispatch());
        assertEquals(0, job(h, 2).afterJob());
        h.completeHanding(job(h, 2), job(h, 3).jobId());
        endsWithTask3(h);
    }

    @Test
    void aFailedProducerUnParksItsChainWhichIsParkedAgainBehindItsRetry() {
        CoreHarness h = chainOfThree();
        h.dispatch();
        h.completeHanding(job(h, 1), job(h, 2).jobId());
        RunTask old3 = job(h, 3);
        long oldJob3 = old3.jobId();
        h.failed(2);
        h.dropped(old3); // as the worker does with what is parked behind a failed job
        assertEquals(List.of("2@0", "3@0"), h.dispatch(), "2 retried, 3 parked behind the retry");
        assertNotEquals(oldJob3, job(h, 3).jobId());
        assertEquals(job(h, 2).jobId(), job(h, 3).afterJob());
        assertEquals(1, h.scheduler.runningCount());
        h.completeHanding(job(h, 2), job(h, 3).jobId());
        endsWithTask3(h);
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void aHandOffToAJobTheMasterDoesNotHaveParkedReleasesTheUnit() {
        CoreHarness h = chain(64, 1);
        link(h, 1, true);
        link(h, 2, false);
        h.dispatch();
        RunTask parked2 = job(h, 2);
        h.completeHanding(job(h, 1), 9_999);
        h.dropped(parked2);
        assertEquals(0, h.scheduler.runningCount());
        assertEquals(List.of("2@0"), h.dispatch());
        h.complete(job(h, 2));
        h.dispatch();
        assertIdle(h);
    }

    @Test
    void aLostWorkersParkedTasksAreParkedAgainBehindTheirProducersResubmission() {
        CoreHarness h = chain(64, 2, 1);
        link(h, 1, true);
        link(h, 2, false);
        link(h, 3, false);
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch());
        h.lose(0);
        assertEquals(List.of("1@1", "2@1", "3@1"), h.dispatch());
        assertEquals(job(h, 1).jobId(), job(h, 2).afterJob());
        assertEquals(1, h.scheduler.runningCount());
        h.completeHanding(job(h, 1), job(h, 2).jobId());
        h.completeHanding(job(h, 2), job(h, 3).jobId());
        endsWithTask3(h);
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void chainsAreBoundedAndOnlyTasksOfTheSameShapeWaitingForOneTaskAreParked() {
        CoreHarness h = chain(2, 2);
        for (long id = 1; id <= 5; id++) {
            link(h, id, id == 1);
        }
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch(), "two parked behind the running head");
        // A task of another shape, and one waiting for two tasks, wait the ordinary way.
        h.submit(20, 1, object(20, W));
        h.submit(21, 2, object(20, R), object(21, W));
        h.submit(22, 1, object(20, R), object(5, R), object(22, W));
        assertEquals(List.of("20@0"), h.dispatch());
        assertEquals(0, job(h, 20).afterJob());
        h.completeHanding(job(h, 1), job(h, 2).jobId());
        assertEquals(List.of("4@0"), h.dispatch(), "room in the chain again: 4 parked behind 3");
        assertEquals(job(h, 3).jobId(), job(h, 4).afterJob());
    }

    @Test
    void offByDefault() {
        CoreHarness h = new CoreHarness(2);
        link(h, 1, true);
        link(h, 2, false);
        assertEquals(List.of("1@0"), h.dispatch());
    }

    private static void assertIdle(CoreHarness h) {
        AtomicBoolean idle = new AtomicBoolean();
        h.core.whenIdle(() -> idle.set(true));
        assertTrue(idle.get(), "no task pending");
        assertEquals(0, h.scheduler.runningCount());
        assertEquals(0, h.core.chain().parkedCount());
        assertEquals(0, h.core.chain().chainCount());
        assertEquals(List.of(), h.outstanding());
    }

    @SuppressWarnings("unused")
    private static SubmittedParam[] none() {
        return new SubmittedParam[0];
    }
}
