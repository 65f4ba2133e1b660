package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static io.braid.engine.core.CoreHarness.reads;
import static io.braid.engine.core.CoreHarness.writes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.task.StreamParam;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuntimeCoreStreamTest {

    /**
     * One node, 2 units, one busy. A (2 units) feeds producer P; consumer C is ready at once. Free
     * to run, C would take the free unit and wait for P forever: A could never get both units.
     */
    @Test
    void consumerWaitsUntilItsProducerIsDispatched() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1);
        h.submit(2, 2, object(10, W));
        h.submit(3, 1, object(10, R), writes("S"));
        h.submit(4, 1, reads("S"));
        assertEquals(List.of("1@0"), h.dispatch(), "the consumer is held, the free unit stays free");
        assertEquals(1, h.core.streamTasks().heldCount());
        h.done(1);
        assertEquals(List.of("2@0"), h.dispatch());
        h.done(2, "d1v1");
        assertEquals(List.of("3@0", "4@0"), h.dispatch(), "the producer, and in the same pass its consumer");
        assertEquals(0, h.core.streamTasks().heldCount());
    }

    @Test
    void consumerOfAStreamNoTaskWritesRunsAtOnce() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1, reads("fromMain"));
        assertEquals(List.of("1@0"), h.dispatch());
    }

    @Test
    void producersGoFirst() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1);
        assertEquals(List.of("1@0"), h.dispatch());
        h.submit(2, 1);
        h.submit(3, 1, writes("S"));
        assertEquals(List.of(), h.dispatch());
        h.done(1);
        assertEquals(List.of("3@0"), h.dispatch(), "the producer overtakes the older plain task");
    }

    @Test
    void iterativeExchangeRunsWithoutHolds() {
        CoreHarness h = new CoreHarness(3);
        h.submit(1, 1, writes("S1"), reads("S0"));
        h.submit(2, 1, writes("S2"), reads("S1"));
        h.submit(3, 1, writes("S3"), reads("S2"));
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch());
        assertEquals(0, h.core.streamTasks().heldCount());
    }

    @Test
    void consumerGoesNearItsProducer() {
        CoreHarness h = new CoreHarness(2, 2);
        h.submit(1, 1, writes("S"));
        h.submit(2, 1, reads("S"));
        List<String> sent = h.dispatch();
        assertEquals(2, sent.size(), sent.toString());
        assertEquals(h.nodeOf(1), h.nodeOf(2), "without the hint the consumer would go to the emptier node");
    }

    @Test
    void retriedProducerMayGoBackToItsNodeWhileItsConsumerHoldsTheOther() {
        CoreHarness h = new CoreHarness(1, 1);
        h.submit(1, 1, writes("S"));
        h.submit(2, 1, reads("S"));
        assertEquals(2, h.dispatch().size());
        int producerNode = h.nodeOf(1);
        assertEquals(1 - producerNode, h.nodeOf(2));
        h.failed(1);
        assertEquals(List.of("1@" + producerNode), h.dispatch(),
                "excluding its node would leave the producer waiting for the consumer's unit forever");
    }

    @Test
    void retriedProducerHoldsConsumersThatBecomeReadyMeanwhile() {
        CoreHarness g = new CoreHarness(1);
        g.submit(1, 1);
        assertEquals(List.of("1@0"), g.dispatch());
        g.submit(2, 1, writes("S"));
        g.submit(3, 1, reads("S"));
        assertEquals(1, g.core.streamTasks().heldCount());
        g.done(1);
        assertEquals(List.of("2@0"), g.dispatch());
        assertEquals(0, g.core.streamTasks().heldCount(), "released; it waits in the scheduler for a unit");
        g.failed(2);
        g.submit(4, 1, reads("S"));
        assertEquals(1, g.core.streamTasks().heldCount(), "the producer is waiting again");
        assertEquals(List.of("2@0"), g.dispatch());
        assertEquals(0, g.core.streamTasks().heldCount());
        g.done(2);
        assertEquals(List.of("3@0"), g.dispatch());
    }

    @Test
    void permanentFailureOfAWriterIsReportedWithItsStreamsBeforeTheFatalError() {
        CoreHarness h = new CoreHarness(1);
        List<String> heard = new ArrayList<>();
        h.core.setStreamTaskListener((taskId, task, ws) -> heard.add(taskId + " " + task + " "
                + ws.stream().map(StreamParam::streamId).toList() + " " + ws.stream().map(StreamParam::writerId).toList()
                + " fatal=" + h.fatal.size()));
        h.submit(1, 1, writes("S"), reads("X"), writes("T"));
        h.submit(2, 1, reads("S"));
        h.submit(3, 1, writes("U"));
        h.submit(4, 1);
        assertEquals(List.of("1@0"), h.dispatch());
        h.failed(1);
        assertEquals(List.of("1@0"), h.dispatch());
        h.failed(1);
        assertEquals(1, h.fatal.size());
        assertEquals(List.of(
                "1 demo.Tasks.t1(<S>, <X>, <T>) [S, T] [w-S, w-T] fatal=0",
                "3 demo.Tasks.t1(<U>) [U] [w-U] fatal=0"), heard);
        assertEquals(List.of(), h.dispatch(), "nothing more runs");
    }

    /** A second run would publish what its reader has again, or wait for what it took. */
    @Test
    void aStreamTaskThatFailedAfterExchangingElementsIsNotRunAgain() {
        CoreHarness h = new CoreHarness(2);
        List<String> heard = new ArrayList<>();
        h.core.setStreamTaskListener((taskId, task, ws) -> heard.add(taskId + " "
                + ws.stream().map(StreamParam::streamId).toList() + " fatal=" + h.fatal.size()));
        h.submit(1, 1, writes("S"), reads("R"));
        h.submit(2, 1, reads("S"));
        assertEquals(List.of("1@0", "2@0"), h.dispatch());
        h.failedAfterStreamsUsed(1);
        assertEquals(1, h.fatal.size(), h.fatal::toString);
        assertTrue(h.fatal.get(0).startsWith("task demo.Tasks.t1(<S>, <R>) failed on ")
                && h.fatal.get(0).contains("it had published or taken stream elements, so it is not run again"),
                h.fatal::toString);
        assertEquals(List.of("1 [S] fatal=0"), heard, "its stream is closed for its reader first");
        assertEquals(List.of(), h.dispatch(), "nothing runs again");
    }

    /** Run again, the producer would publish S's records a second time to a reader that has them. */
    @Test
    void aWorkerLostWhileItRanAStreamTaskStopsTheRunAndClosesItsStreams() {
        CoreHarness h = new CoreHarness(1, 1);
        List<String> heard = new ArrayList<>();
        h.core.setStreamTaskListener((taskId, task, ws) -> heard.add(taskId + " "
                + ws.stream().map(StreamParam::streamId).toList() + " fatal=" + h.fatal.size()));
        h.submit(1, 1, writes("S"));
        h.submit(2, 1, reads("S"));
        assertEquals(2, h.dispatch().size());
        int producerNode = h.nodeOf(1);
        h.core.workerLost(producerNode);
        assertEquals(1, h.fatal.size(), h.fatal.toString());
        String error = h.fatal.get(0);
        assertTrue(error.startsWith("worker n" + producerNode + " was lost while it ran a task that takes streams: "
                + "demo.Tasks.t1(<S>); such a task is not run again"), error);
        assertEquals(List.of("1 [S] fatal=0"), heard, "its writer is closed for the reader, before the error");
        assertEquals(List.of(), h.dispatch(), "nothing runs again");
    }

    /** Node 0 has 2 units, node 1 one: the consumer goes beside its producer, the plain task to node 1. */
    @Test
    void aWorkerLostWhileItRanPlainTasksOnlyHasThemRunAgainBesideTheStreams() {
        CoreHarness h = new CoreHarness(2, 1);
        h.submit(1, 1, writes("S"));
        h.submit(2, 1, reads("S"));
        h.submit(3, 1);
        assertEquals(List.of("1@0", "2@0", "3@1"), h.dispatch());
        h.core.workerLost(1);
        assertEquals(List.of(), h.fatal);
        h.done(1);
        assertEquals(List.of("3@0"), h.dispatch(), "the plain task runs again on the node left");
    }

    @Test
    void heldConsumersDoNotLeakAfterARun() {
        CoreHarness h = new CoreHarness(2);
        for (long i = 1; i <= 8; i += 2) {
            h.submit(i, 1, writes("S" + i));
            h.submit(i + 1, 1, reads("S" + i));
        }
        for (int round = 0; round < 8; round++) {
            for (String s : h.dispatch()) {
                h.done(Long.parseLong(s.substring(0, s.indexOf('@'))));
            }
        }
        assertEquals(0, h.core.streamTasks().heldCount());
        assertEquals(0, h.core.analyser().pendingTasks());
        assertEquals(0, h.core.streamTasks().trackedStreamCount());
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> out = new ArrayList<>();
        for (int x : a) {
            out.add(x);
        }
        return out;
    }
}
