package io.braid.engine.core;

import static io.braid.engine.core.CoreHarness.reads;
import static io.braid.engine.core.CoreHarness.writes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.ParamAccess;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.analysis.TaskRequest;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamTasksTest {

    private final TaskAnalyser analyser = new TaskAnalyser();
    private final StreamTasks st = new StreamTasks(analyser);

    private TaskRecord submit(long id, SubmittedParam... params) {
        TaskSubmission s = new TaskSubmission(id, CoreHarness.def(1), List.of(params), null);
        List<ParamAccess> accesses = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            accesses.add(ParamAccess.byValue());
        }
        AnalysedTask a = analyser.register(new TaskRequest(id, 1, accesses, StreamTasks.accesses(s)));
        TaskRecord rec = new TaskRecord(s, a);
        st.submitted(rec);
        return rec;
    }

    @Test
    void submissionsBecomeStreamAccesses() {
        TaskRecord rec = submit(1, writes("S"), SubmittedParam.byValue("int", "3"), reads("T"));
        assertEquals(List.of("S"), rec.analysed.streamsWritten());
        assertEquals(List.of("T"), rec.analysed.streamsRead());
        assertTrue(StreamTasks.priority(rec.analysed));
        assertFalse(StreamTasks.priority(submit(2, reads("S")).analysed));
    }

    @Test
    void localityHintIsDataNodesThenProducerNodes() {
        TaskRecord p1 = submit(1, writes("S"));
        TaskRecord p2 = submit(2, writes("T"));
        TaskRecord p3 = submit(3, writes("S"));
        TaskRecord c = submit(4, reads("S"), reads("T"));
        assertFalse(st.admit(c), "held while its producers wait");
        assertEquals(List.of(), st.dispatched(p1, 2));
        assertEquals(List.of(), st.dispatched(p2, 0));
        assertEquals(List.of(4L), st.dispatched(p3, 2), "released by the last one");
        assertArrayEquals(new int[] {2, 0}, st.preferredNodes(c.analysed, new int[0]));
        assertArrayEquals(new int[] {1, 2, 0}, st.preferredNodes(c.analysed, new int[] {1}));
        assertArrayEquals(new int[] {0, 5, 2}, st.preferredNodes(c.analysed, new int[] {0, 5}));
        int[] noStreams = {3};
        assertTrue(noStreams == st.preferredNodes(p1.analysed, noStreams), "unchanged for a task reading no stream");
    }

    @Test
    void producerNodesAreForgottenWithTheStreamsLastTask() {
        TaskRecord p = submit(1, writes("S"));
        TaskRecord c = submit(2, reads("S"));
        st.dispatched(p, 1);
        analyser.taskFinished(1);
        st.ended(p);
        assertArrayEquals(new int[] {1}, st.preferredNodes(c.analysed, new int[0]), "ran there: still a hint");
        assertEquals(1, st.trackedStreamCount());
        analyser.taskFinished(2);
        st.ended(c);
        assertEquals(0, st.trackedStreamCount());
        assertEquals(0, st.heldCount());
    }

    @Test
    void regenerationsBypassTheGate() {
        TaskRecord p = submit(1, writes("S"));
        TaskRecord c = submit(2, reads("S"));
        TaskRecord again = new TaskRecord(c.submission, c.analysed);
        again.regeneration = true;
        assertTrue(st.admit(again));
        assertFalse(st.admit(c));
        assertEquals(List.of(2L), st.dispatched(p, 0));
    }

    @Test
    void runStoppedReportsTheCulpritThenOtherUnfinishedWritersInIdOrder() {
        TaskRecord p1 = submit(1, writes("S"));
        TaskRecord c = submit(2, reads("S"));
        TaskRecord p3 = submit(3, writes("T"), writes("U"));
        TaskRecord p4 = submit(4, writes("V"));
        List<String> heard = new ArrayList<>();
        st.setListener((id, task, ws) -> heard.add(id + ":" + ws.size()));
        st.runStopped(p3, List.of(p4, c, p1, p3));
        assertEquals(List.of("3:2", "1:1", "4:1"), heard);
        heard.clear();
        st.runStopped(null, List.of(c));
        assertEquals(List.of(), heard);
    }

    @Test
    void aFailingListenerDoesNotStopTheOthers() {
        TaskRecord p1 = submit(1, writes("S"));
        TaskRecord p2 = submit(2, writes("T"));
        List<Long> heard = new ArrayList<>();
        st.setListener((id, task, ws) -> {
            heard.add(id);
            throw new IllegalStateException("listener bug");
        });
        st.runStopped(p1, List.of(p1, p2));
        assertEquals(List.of(1L, 2L), heard);
    }
}
