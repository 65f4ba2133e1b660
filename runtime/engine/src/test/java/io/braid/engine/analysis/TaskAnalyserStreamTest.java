package io.braid.engine.analysis;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.analysis.StreamAccess.read;
import static io.braid.engine.analysis.StreamAccess.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TaskAnalyserStreamTest {

    private final List<String> events = new ArrayList<>();
    private final TaskAnalyser a = new TaskAnalyser(new AnalysisListener() {
        @Override
        public void edge(long fromTask, long toTask, DataVersion data) {
            events.add("edge " + fromTask + "->" + toTask);
        }

        @Override
        public void streamAccess(long taskId, String streamId, boolean writes) {
            events.add("stream " + taskId + (writes ? " writes " : " reads ") + streamId);
        }
    });

    private AnalysedTask reg(long id, List<ParamAccess> params, StreamAccess... streams) {
        return a.register(new TaskRequest(id, 0, params, List.of(streams)));
    }

    @Test
    void streamParametersAddNoEdgeButAreRecorded() {
        AnalysedTask p = reg(1, List.of(ParamAccess.byValue()), write("S"));
        AnalysedTask c = reg(2, List.of(ParamAccess.byValue()), read("S"));
        assertTrue(p.isReady());
        assertTrue(c.isReady(), "a consumer does not wait for its producer");
        assertEquals(List.of("S"), p.streamsWritten());
        assertEquals(List.of(), p.streamsRead());
        assertTrue(p.writesStreams());
        assertEquals(List.of("S"), c.streamsRead());
        assertFalse(c.writesStreams());
        assertTrue(c.usesStreams());
        assertEquals(List.of(1L), a.unfinishedProducers("S"));
        assertEquals(List.of(2L), a.unfinishedConsumers("S"));
        assertEquals(List.of("stream 1 writes S", "stream 2 reads S"), events);
    }

    @Test
    void taskWithoutStreamsHasNone() {
        AnalysedTask t = a.register(new TaskRequest(1, 0, List.of(ParamAccess.byValue())));
        assertEquals(List.of(), t.streamsWritten());
        assertEquals(List.of(), t.streamsRead());
        assertFalse(t.usesStreams());
        assertEquals(0, a.trackedStreamCount());
    }

    @Test
    void producersAndConsumersInSubmissionOrderAndForgottenWhenFinished() {
        reg(1, List.of(), write("S"));
        reg(2, List.of(), write("S"), read("T"));
        reg(3, List.of(), read("S"));
        reg(4, List.of(), read("S"), read("S"));
        assertEquals(List.of(1L, 2L), a.unfinishedProducers("S"));
        assertEquals(List.of(3L, 4L), a.unfinishedConsumers("S"));
        assertEquals(List.of(2L), a.unfinishedConsumers("T"));
        a.taskFinished(1);
        assertEquals(List.of(2L), a.unfinishedProducers("S"));
        a.taskFinished(2);
        assertEquals(List.of(), a.unfinishedProducers("S"));
        assertEquals(List.of(), a.unfinishedConsumers("T"));
        assertEquals(1, a.trackedStreamCount(), "T has no task left");
        a.taskFinished(4);
        a.taskFinished(3);
        assertEquals(0, a.trackedStreamCount());
        assertEquals(0, a.trackedTaskCount());
    }

    @Test
    void aStreamNamedTwiceInOneTaskCountsOnceEachWay() {
        AnalysedTask t = reg(1, List.of(), write("S"), write("S"), read("S"), read("U"), read("S"));
        assertEquals(List.of("S"), t.streamsWritten());
        assertEquals(List.of("S", "U"), t.streamsRead());
        assertEquals(List.of(1L), a.unfinishedProducers("S"));
        assertEquals(List.of(1L), a.unfinishedConsumers("S"));
        assertEquals(List.of("stream 1 writes S", "stream 1 reads S", "stream 1 reads U"), events);
        a.taskFinished(1);
        assertEquals(0, a.trackedStreamCount());
    }

    @Test
    void iterativeExchangeHasNoEdges() {
        for (long i = 1; i <= 5; i++) {
            AnalysedTask t = reg(i, List.of(), write("S" + i), read("S" + (i - 1)));
            assertTrue(t.isReady());
        }
        assertTrue(events.stream().noneMatch(e -> e.startsWith("edge")), events.toString());
        assertEquals(List.of(3L), a.unfinishedProducers("S3"));
        assertEquals(List.of(4L), a.unfinishedConsumers("S3"));
    }

    @Test
    void dataEdgesStillApplyBesideStreams() {
        ObjectKey x = new ObjectKey(1);
        reg(1, List.of(new ParamAccess(x, W)), write("S"));
        AnalysedTask c = reg(2, List.of(new ParamAccess(x, R)), read("S"));
        assertEquals(1, c.unfinishedPredecessors());
        assertEquals(List.of(2L), a.taskFinished(1));
        assertEquals(List.of(2L), a.unfinishedConsumers("S"));
    }

    @Test
    void failureForgetsTheTaskAndItsDoomedSuccessors() {
        ObjectKey x = new ObjectKey(1);
        reg(1, List.of(new ParamAccess(x, W)), read("S"));
        reg(2, List.of(new ParamAccess(x, R)), write("S"));
        reg(3, List.of(), write("S"));
        assertEquals(List.of(2L), a.taskFailedForGood(1));
        assertEquals(List.of(3L), a.unfinishedProducers("S"));
        assertEquals(List.of(), a.unfinishedConsumers("S"));
        AnalysedTask late = reg(4, List.of(new ParamAccess(x, R)), write("S"));
        assertTrue(late.blockedByFailure());
        assertEquals(List.of("S"), late.streamsWritten(), "still reported");
        assertEquals(List.of(3L), a.unfinishedProducers("S"), "a task that can never run is not recorded");
        a.taskFinished(3);
        assertEquals(0, a.trackedStreamCount());
    }

    @Test
    void noRecordLeftAfterManyStreamTasks() {
        for (long i = 1; i <= 1000; i++) {
            reg(i, List.of(), write("S" + (i % 7)), read("S" + ((i + 3) % 7)));
        }
        for (long i = 1; i <= 1000; i++) {
            a.taskFinished(i);
        }
        assertEquals(0, a.trackedStreamCount());
        assertEquals(0, a.trackedTaskCount());
    }
}
