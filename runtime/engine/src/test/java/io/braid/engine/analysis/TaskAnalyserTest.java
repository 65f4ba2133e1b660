package io.braid.engine.analysis;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.RW;
import static io.braid.engine.analysis.AccessMode.W;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskAnalyserTest {

    private final List<String> events = new ArrayList<>();
    private final TaskAnalyser a = new TaskAnalyser(new AnalysisListener() {
        @Override
        public void taskRegistered(long taskId, int taskTypeId) {
            events.add("task " + taskId + " type " + taskTypeId);
        }

        @Override
        public void edge(long fromTask, long toTask, DataVersion data) {
            events.add("edge " + fromTask + "->" + toTask + " " + data.name());
        }

        @Override
        public void mainSync(DataVersion data, long writerTaskId) {
            events.add("sync " + data.name() + " by " + writerTaskId);
        }
    });

    private static ObjectKey obj(long id) {
        return new ObjectKey(id);
    }

    private static ParamAccess p(DataKey key, AccessMode mode) {
        return new ParamAccess(key, mode);
    }

    private AnalysedTask reg(long id, ParamAccess... params) {
        return a.register(new TaskRequest(id, 0, List.of(params)));
    }

    private static DataVersion v(int d, int ver) {
        return new DataVersion(d, ver);
    }

    @Test
    void versionName() {
        assertEquals("d12v3", v(12, 3).name());
        assertEquals("d1v1", v(1, 1).toString());
    }

    @Test
    void firstWriteCreatesVersionOneByTheTask() {
        AnalysedTask t = reg(1, p(obj(7), W));
        assertTrue(t.isReady());
        assertNull(t.readVersion(0));
        assertEquals(v(1, 1), t.writeVersion(0));
        assertEquals(1L, a.writerOf(v(1, 1)));
        assertEquals(Optional.of(v(1, 1)), a.currentVersion(obj(7)));
    }

    @Test
    void firstReadCreatesVersionOneByMain() {
        AnalysedTask t = reg(1, p(obj(7), R));
        assertTrue(t.isReady());
        assertEquals(v(1, 1), t.readVersion(0));
        assertNull(t.writeVersion(0));
        assertEquals(TaskAnalyser.MAIN, a.writerOf(v(1, 1)));
    }

    @Test
    void firstReadWriteReadsMainVersionAndWritesTwo() {
        AnalysedTask t = reg(1, p(obj(7), RW));
        assertTrue(t.isReady());
        assertEquals(v(1, 1), t.readVersion(0));
        assertEquals(v(1, 2), t.writeVersion(0));
        assertEquals(0L, a.writerOf(v(1, 1)));
        assertEquals(1L, a.writerOf(v(1, 2)));
        assertEquals(-1L, a.writerOf(v(1, 3)));
        assertEquals(-1L, a.writerOf(v(2, 1)));
    }

    @Test
    void rawChain() {
        AnalysedTask t1 = reg(1, p(obj(1), W));
        AnalysedTask t2 = reg(2, p(obj(1), R), p(obj(2), W));
        AnalysedTask t3 = reg(3, p(obj(2), R), p(obj(3), W));
        assertTrue(t1.isReady());
        assertEquals(1, t2.unfinishedPredecessors());
        assertFalse(t2.isReady());
        assertEquals(1, t3.unfinishedPredecessors());
        assertEquals(v(1, 1), t2.readVersion(0));
        assertEquals(v(2, 1), t2.writeVersion(1));
        assertEquals(v(2, 1), t3.readVersion(0));
        assertEquals(v(3, 1), t3.writeVersion(1));
        assertEquals(List.of("task 1 type 0", "task 2 type 0", "edge 1->2 d1v1",
                "task 3 type 0", "edge 2->3 d2v1"), events);

        assertEquals(3, a.pendingTasks());
        assertEquals(List.of(2L), a.taskFinished(1));
        assertEquals(List.of(3L), a.taskFinished(2));
        assertEquals(List.of(), a.taskFinished(3));
        assertEquals(0, a.pendingTasks());
        assertTrue(a.isFinished(1) && a.isFinished(2) && a.isFinished(3));
    }

    @Test
    void readingAfterWriterFinishedCreatesNoEdge() {
        reg(1, p(obj(1), W));
        a.taskFinished(1);
        AnalysedTask t2 = reg(2, p(obj(1), R));
        assertTrue(t2.isReady());
        assertEquals(v(1, 1), t2.readVersion(0));
        assertFalse(events.stream().anyMatch(e -> e.startsWith("edge")));
    }

    @Test
    void fanOutAndFanIn() {
        reg(1, p(obj(1), W));
        AnalysedTask b = reg(2, p(obj(1), R), p(obj(2), W));
        AnalysedTask c = reg(3, p(obj(1), R), p(obj(3), W));
        AnalysedTask d = reg(4, p(obj(1), R), p(obj(4), W));
        AnalysedTask join = reg(5, p(obj(2), R), p(obj(3), R), p(obj(4), R), p(obj(5), W));
        assertEquals(1, b.unfinishedPredecessors());
        assertEquals(1, c.unfinishedPredecessors());
        assertEquals(1, d.unfinishedPredecessors());
        assertEquals(3, join.unfinishedPredecessors());

        assertEquals(List.of(2L, 3L, 4L), a.taskFinished(1));
        assertEquals(List.of(), a.taskFinished(3));
        assertEquals(List.of(), a.taskFinished(2));
        assertEquals(List.of(5L), a.taskFinished(4));
        assertEquals(List.of(), a.taskFinished(5));
        assertEquals(0, a.trackedTaskCount());
    }

    @Test
    void readyListIsInSubmissionOrder() {
        reg(1, p(obj(1), W), p(obj(2), W));
        reg(2, p(obj(9), W));
        reg(3, p(obj(2), R));          // waits on 1
        reg(4, p(obj(9), R), p(obj(1), R)); // waits on 2 and 1
        reg(5, p(obj(1), R));          // waits on 1
        assertEquals(List.of(3L, 5L), a.taskFinished(1));
        assertEquals(List.of(4L), a.taskFinished(2));
    }

    @Test
    void warCreatesNoEdgeButANewVersion() {
        AnalysedTask w1 = reg(1, p(obj(1), W));
        AnalysedTask r = reg(2, p(obj(1), R));
        AnalysedTask w2 = reg(3, p(obj(1), W));
        assertEquals(v(1, 1), r.readVersion(0));
        assertEquals(v(1, 2), w2.writeVersion(0));
        assertEquals(1, r.unfinishedPredecessors());
        assertEquals(0, w2.unfinishedPredecessors());
        assertTrue(w2.isReady());
        assertEquals(v(1, 1), w1.writeVersion(0));
        assertEquals(3L, a.writerOf(v(1, 2)));
        assertEquals(Optional.of(v(1, 2)), a.currentVersion(obj(1)));
    }

    @Test
    void wawCreatesNoEdge() {
        reg(1, p(obj(1), W));
        AnalysedTask t2 = reg(2, p(obj(1), W));
        AnalysedTask t3 = reg(3, p(obj(1), R));
        assertTrue(t2.isReady());
        assertEquals(v(1, 2), t2.writeVersion(0));
        assertEquals(v(1, 2), t3.readVersion(0));
        assertEquals(1, t3.unfinishedPredecessors());
        // Only the second writer releases the reader.
        assertEquals(List.of(), a.taskFinished(1));
        assertEquals(List.of(3L), a.taskFinished(2));
        assertEquals(List.of("task 1 type 0", "task 2 type 0", "task 3 type 0", "edge 2->3 d1v2"), events);
    }

    @Test
    void inoutChain() {
        AnalysedTask t1 = reg(1, p(obj(1), RW));
        AnalysedTask t2 = reg(2, p(obj(1), RW));
        AnalysedTask t3 = reg(3, p(obj(1), RW));
        assertEquals(v(1, 1), t1.readVersion(0));
        assertEquals(v(1, 2), t1.writeVersion(0));
        assertEquals(v(1, 2), t2.readVersion(0));
        assertEquals(v(1, 3), t2.writeVersion(0));
        assertEquals(v(1, 3), t3.readVersion(0));
        assertEquals(v(1, 4), t3.writeVersion(0));
        assertTrue(t1.isReady());
        assertEquals(1, t2.unfinishedPredecessors());
        assertEquals(1, t3.unfinishedPredecessors());
        assertEquals(List.of(2L), a.taskFinished(1));
        assertEquals(List.of(3L), a.taskFinished(2));
        assertEquals(List.of(), a.taskFinished(3));
    }

    @Test
    void filesAndObjectsAreDistinctData() {
        AnalysedTask t = reg(1, p(new FileKey("42"), W), p(obj(42), W), p(new FileKey("/tmp/x"), R));
        assertEquals(v(1, 1), t.writeVersion(0));
        assertEquals(v(2, 1), t.writeVersion(1));
        assertEquals(v(3, 1), t.readVersion(2));
        AnalysedTask t2 = reg(2, p(new FileKey("/tmp/x"), R), p(new FileKey("42"), R));
        assertEquals(v(3, 1), t2.readVersion(0));
        assertEquals(v(1, 1), t2.readVersion(1));
        assertEquals(1, t2.unfinishedPredecessors());
        assertEquals(3, a.trackedDataCount());
    }

    @Test
    void byValueParametersProduceNoData() {
        AnalysedTask t = reg(1, ParamAccess.byValue(), p(obj(1), W), ParamAccess.byValue());
        assertEquals(3, t.paramCount());
        assertNull(t.readVersion(0));
        assertNull(t.writeVersion(0));
        assertNull(t.readVersion(2));
        assertEquals(v(1, 1), t.writeVersion(1));
        assertEquals(1, a.trackedDataCount());
    }

    @Test
    void mainWroteBeforeCreatesMainVersionAndNoDependency() {
        reg(1, p(obj(1), W));
        AnalysedTask t2 = a.register(new TaskRequest(2, 0, List.of(new ParamAccess(obj(1), R, true))));
        assertTrue(t2.isReady());
        assertEquals(0, t2.unfinishedPredecessors());
        assertEquals(v(1, 2), t2.readVersion(0));
        assertEquals(0L, a.writerOf(v(1, 2)));
        assertEquals(1L, a.writerOf(v(1, 1)));
        // On first sight it is just the MAIN version 1.
        AnalysedTask t3 = a.register(new TaskRequest(3, 0, List.of(new ParamAccess(obj(2), RW, true))));
        assertEquals(v(2, 1), t3.readVersion(0));
        assertEquals(v(2, 2), t3.writeVersion(0));
        assertTrue(t3.isReady());
    }

    @Test
    void mainWroteBeforeOnAPureWriteCreatesNoMainVersion() {
        reg(1, p(obj(1), W));
        AnalysedTask t2 = a.register(new TaskRequest(2, 0, List.of(new ParamAccess(obj(1), W, true))));
        assertEquals(v(1, 2), t2.writeVersion(0));
    }

    @Test
    void mainAccessOnPendingWriter() {
        reg(1, p(obj(1), W));
        MainAccess m = a.mainAccess(obj(1), R);
        assertEquals(new MainAccess(v(1, 1), 1L, true, false, null), m);
        assertEquals(List.of("task 1 type 0", "sync d1v1 by 1"), events);
        // A second read of the same version is not a second sync point.
        assertEquals(m, a.mainAccess(obj(1), R));
        assertEquals(2, events.size());

        a.taskFinished(1);
        assertEquals(new MainAccess(v(1, 1), 0L, false, false, null), a.mainAccess(obj(1), R));
        assertEquals(2, events.size());
    }

    @Test
    void mainAccessAfterFinishedWriterStillRecordsOneSync() {
        reg(1, p(obj(1), W));
        a.taskFinished(1);
        assertEquals(new MainAccess(v(1, 1), 0L, false, false, null), a.mainAccess(obj(1), R));
        assertEquals(List.of("task 1 type 0", "sync d1v1 by 1"), events);
    }

    @Test
    void mainAccessWriteCreatesMainVersion() {
        reg(1, p(obj(1), W));
        MainAccess m = a.mainAccess(obj(1), RW);
        assertEquals(new MainAccess(v(1, 1), 1L, true, false, v(1, 2)), m);
        assertEquals(0L, a.writerOf(v(1, 2)));
        // A later reader depends on nothing: the main program holds version 2.
        AnalysedTask t2 = reg(2, p(obj(1), R));
        assertTrue(t2.isReady());
        assertEquals(v(1, 2), t2.readVersion(0));
        // Main reading its own version: nothing to wait for, no sync.
        int before = events.size();
        a.taskFinished(2);
        assertEquals(new MainAccess(v(1, 2), 0L, false, false, null), a.mainAccess(obj(1), R));
        assertEquals(before, events.size());
    }

    @Test
    void mainAccessPureWriteDoesNotSync() {
        reg(1, p(obj(1), W));
        MainAccess m = a.mainAccess(obj(1), W);
        assertEquals(new MainAccess(v(1, 1), 1L, true, false, v(1, 2)), m);
        assertEquals(List.of("task 1 type 0"), events);
    }

    @Test
    void mainAccessOnUnknownDataIsNull() {
        assertNull(a.mainAccess(obj(99), R));
        assertNull(a.mainAccess(obj(99), W));
        assertEquals(0, a.trackedDataCount());
        assertEquals(Optional.empty(), a.currentVersion(obj(99)));
    }

    @Test
    void failedForGoodPropagatesTransitively() {
        reg(1, p(obj(1), W));
        reg(2, p(obj(1), R), p(obj(2), W));   // depends on 1
        reg(3, p(obj(9), W));                 // independent
        reg(4, p(obj(2), R), p(obj(9), R), p(obj(4), W)); // on 2 and 3
        reg(5, p(obj(4), R));                 // on 4
        reg(6, p(obj(9), R));                 // on 3 only
        assertEquals(6, a.pendingTasks());

        assertEquals(List.of(2L, 4L, 5L), a.taskFailedForGood(1));
        assertEquals(2, a.pendingTasks());
        assertTrue(a.isFailed(1) && a.isFailed(2) && a.isFailed(4) && a.isFailed(5));
        assertFalse(a.isFinished(1));
        assertFalse(a.isFinished(4));

        // Task 3 finishing releases only 6: 4 is dead.
        assertEquals(List.of(6L), a.taskFinished(3));
        assertEquals(List.of(), a.taskFinished(6));
        assertEquals(0, a.pendingTasks());
        assertThrows(IllegalStateException.class, () -> a.taskFinished(4));

        // A later reader of a dead task's output is blocked at once and not pending.
        AnalysedTask late = reg(7, p(obj(4), R));
        assertTrue(late.blockedByFailure());
        assertFalse(late.isReady());
        assertEquals(0, a.pendingTasks());
        assertTrue(a.isFailed(7));
        assertEquals(new MainAccess(v(4, 1), 4L, false, true, null), a.mainAccess(obj(4), R));
    }

    @Test
    void deleteDataStartsAgainWithANewId() {
        reg(1, p(obj(1), W));
        reg(2, p(obj(2), W));
        a.deleteData(obj(1));
        assertEquals(Optional.empty(), a.currentVersion(obj(1)));
        assertNull(a.mainAccess(obj(1), R));
        assertEquals(-1L, a.writerOf(v(1, 1)));
        AnalysedTask t3 = reg(3, p(obj(1), R));
        assertEquals(v(3, 1), t3.readVersion(0));
        assertTrue(t3.isReady());
        assertEquals(0L, a.writerOf(v(3, 1)));
        a.deleteData(obj(12345)); // unknown: no-op
        assertEquals(2, a.trackedDataCount());
    }

    @Test
    void sameDatumTwiceInOneTask() {
        reg(1, p(obj(1), W));
        // Read twice: one edge counted once, both params read the same version.
        AnalysedTask t2 = reg(2, p(obj(1), R), p(obj(1), R));
        assertEquals(1, t2.unfinishedPredecessors());
        assertEquals(v(1, 1), t2.readVersion(0));
        assertEquals(v(1, 1), t2.readVersion(1));
        // R then W on the same datum acts as RW: reads v1, writes v2, no edge to itself.
        AnalysedTask t3 = reg(3, p(obj(1), R), p(obj(1), W));
        assertEquals(v(1, 1), t3.readVersion(0));
        assertNull(t3.writeVersion(0));
        assertNull(t3.readVersion(1));
        assertEquals(v(1, 2), t3.writeVersion(1));
        assertEquals(1, t3.unfinishedPredecessors());
        assertEquals(3L, a.writerOf(v(1, 2)));
        // W then R of a datum never seen: read the MAIN version 1, write version 2.
        AnalysedTask t4 = reg(4, p(obj(5), W), p(obj(5), R));
        assertEquals(v(2, 2), t4.writeVersion(0));
        assertEquals(v(2, 1), t4.readVersion(1));
        assertEquals(0, t4.unfinishedPredecessors());
        // Two outputs of the same pending writer: one predecessor, two edges in the graph.
        reg(5, p(obj(6), W), p(obj(7), W));
        AnalysedTask t6 = reg(6, p(obj(6), R), p(obj(7), R));
        assertEquals(1, t6.unfinishedPredecessors());
        assertEquals(2, events.stream().filter(e -> e.startsWith("edge 5->6")).count());
        assertEquals(List.of(2L, 3L), a.taskFinished(1));
        assertEquals(List.of(6L), a.taskFinished(5));
    }

    @Test
    void taskIdsMustIncrease() {
        reg(5, p(obj(1), W));
        assertThrows(IllegalArgumentException.class, () -> reg(5, p(obj(2), W)));
        assertThrows(IllegalArgumentException.class, () -> reg(3, p(obj(2), W)));
        assertThrows(IllegalArgumentException.class, () -> new TaskRequest(0, 0, List.of()));
    }

    @Test
    void finishingUnknownTaskFails() {
        assertThrows(IllegalStateException.class, () -> a.taskFinished(1));
        reg(1);
        a.taskFinished(1);
        assertThrows(IllegalStateException.class, () -> a.taskFinished(1));
        assertThrows(IllegalStateException.class, () -> a.taskFailedForGood(1));
        assertFalse(a.isFinished(2));
        assertFalse(a.isFinished(0));
    }

    @Test
    void memoryIsFreedWhenAllFinish() {
        int n = 10_000;
        for (int i = 1; i <= n; i++) {
            // A chain through one object plus a return value per task.
            reg(i, p(obj(1), RW), p(obj(1000 + i), W));
        }
        assertEquals(n, a.trackedTaskCount());
        for (int i = 1; i <= n; i++) {
            List<Long> ready = a.taskFinished(i);
            assertEquals(i < n ? List.of((long) i + 1) : List.of(), ready);
        }
        assertEquals(0, a.trackedTaskCount());
        assertEquals(0, a.pendingTasks());
        assertEquals(Optional.of(v(1, n + 1)), a.currentVersion(obj(1)));
        for (int i = 1; i <= n; i++) {
            a.deleteData(obj(1000 + i));
        }
        a.deleteData(obj(1));
        assertEquals(0, a.trackedDataCount());
    }

    @Test
    void manyParametersGrowScratch() {
        ParamAccess[] ps = new ParamAccess[40];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = p(obj(i % 20), i < 20 ? W : R);
        }
        AnalysedTask t = reg(1, ps);
        for (int i = 0; i < 20; i++) {
            assertEquals(v(i + 1, 2), t.writeVersion(i));
            assertEquals(v(i + 1, 1), t.readVersion(i + 20));
        }
        assertTrue(t.isReady());
    }
}
