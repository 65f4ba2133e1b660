package io.braid.engine.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Storage bandwidth of I/O tasks, pinned tasks and I/O reservations (auto-constraint learning). */
class SchedulerIoTest {

    private static NodeResources ioNode(String name, int cus, double bw, int io) {
        return new NodeResources(name, cus, 0, null, 0, bw, io);
    }

    private static ResourceRequest io(double bw) {
        return ResourceRequest.IO.withStorageBW(bw);
    }

    private static List<String> placed(List<Assignment> as) {
        return as.stream().map(a -> a.taskId() + "@" + a.nodeIndex()).toList();
    }

    @Test
    void concurrencyOfIoTasksIsFloorOfCapacityOverConstraint() {
        Scheduler s = new Scheduler(List.of(ioNode("n", 1, 100, 8)));
        for (long i = 1; i <= 8; i++) {
            s.addReady(new ReadyTask(i, io(30)));
        }
        assertEquals(3, s.schedule().size(), "floor(100 / 30) = 3, though 8 I/O executors are free");
        assertEquals(10, s.view(0).freeStorageBandwidthMBs(), 1e-9);
        s.release(1);
        assertEquals(List.of("4@0"), placed(s.schedule()));
    }

    @Test
    void bandwidthIsReleasedWhenATaskEndsWhicheverWay() {
        Scheduler s = new Scheduler(List.of(ioNode("n", 1, 100, 2)));
        s.addReady(new ReadyTask(1, io(60)));
        s.addReady(new ReadyTask(2, io(60)));
        assertEquals(List.of("1@0"), placed(s.schedule()));
        s.release(1); // failed: the core releases it before resubmitting
        assertEquals(0, s.view(0).usedStorageBandwidthMBs(), 1e-9);
        s.addReady(new ReadyTask(1, io(60)));
        assertEquals(List.of("1@0"), placed(s.schedule()), "the retry (older) first");
        assertEquals(60, s.view(0).usedStorageBandwidthMBs(), 1e-9);
    }

    @Test
    void pinnedTaskWaitsForItsNodeAndGoesAnywhereOnceItIsLost() {
        Scheduler s = new Scheduler(List.of(ioNode("a", 1, 100, 1), ioNode("b", 1, 100, 1)));
        s.addReady(new ReadyTask(1, ResourceRequest.IO).with(ResourceRequest.IO, 1));
        s.addReady(new ReadyTask(2, ResourceRequest.IO).with(ResourceRequest.IO, 1));
        assertEquals(List.of("1@1"), placed(s.schedule()), "task 2 waits for node 1 although node 0 is free");
        s.removeNode(1);
        assertEquals(List.of("2@0"), placed(s.schedule()));
    }

    @Test
    void reservedNodeTakesOnlyItsPinnedIoTasksButStillComputeTasks() {
        Scheduler s = new Scheduler(List.of(ioNode("a", 2, 100, 4), ioNode("b", 2, 100, 4)));
        s.reserveIo(0, true);
        for (long i = 1; i <= 6; i++) {
            s.addReady(new ReadyTask(i, io(10), false, new int[] {0}, -1));
        }
        s.addReady(new ReadyTask(7, io(25)).with(io(25), 0));
        s.addReady(new ReadyTask(8, ResourceRequest.DEFAULT, false, new int[] {0}, -1));
        List<String> out = placed(s.schedule());
        assertEquals(List.of("1@1", "2@1", "3@1", "4@1", "7@0", "8@0"), out.stream().sorted().toList(),
                "plain I/O tasks avoid the reserved node even when they prefer it");
        assertEquals(1, s.view(0).usedIoExecutors());
        s.reserveIo(0, false);
        assertEquals(List.of("5@0", "6@0"), placed(s.schedule()));
    }

    @Test
    void canHostChecksOneLiveNode() {
        Scheduler s = new Scheduler(List.of(ioNode("a", 1, 50, 1), ioNode("b", 1, 200, 1)));
        assertFalse(s.canHost(0, io(100)));
        assertTrue(s.canHost(1, io(100)));
        s.removeNode(1);
        assertFalse(s.canHost(1, io(100)));
    }
}
