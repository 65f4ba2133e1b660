package io.braid.engine.scheduling;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedulerPrefetchTest {

    private static ReadyTask task(long id, int cus) {
        return new ReadyTask(id, ResourceRequest.cores(cus));
    }

    @Test
    void withoutPrefetchOnlyWhatFitsIsSent() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 2, 1)));
        for (long i = 1; i <= 5; i++) {
            s.addReady(task(i, 1));
        }
        assertEquals(2, s.schedule().size());
        assertEquals(0, s.backlogCount());
        assertEquals(3, s.readyCount());
    }

    @Test
    void prefetchSendsUpToDepthPerUnitAndStartsThemInOrderOnRelease() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 2, 1)));
        s.setPrefetch(2);
        for (long i = 1; i <= 10; i++) {
            s.addReady(task(i, 1));
        }
        List<Assignment> sent = s.schedule();
        assertEquals(6, sent.size(), "2 running + 2 units x depth 2 waiting");
        assertEquals(2, s.runningCount());
        assertEquals(4, s.backlogCount());
        assertEquals(4, s.readyCount());
        s.release(1);
        assertEquals(2, s.runningCount(), "the backlog head starts when a unit frees up");
        assertEquals(3, s.backlogCount());
        assertEquals(0, s.nodeOf(3));
        assertEquals(2, s.view(0).usedComputingUnits());
    }

    @Test
    void backlogHeadThatDoesNotFitBlocksLaterOnesLikeTheWorker() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 2, 1)));
        s.setPrefetch(4);
        s.addReady(task(1, 1));
        s.addReady(task(2, 2));
        s.addReady(task(3, 1));
        List<Assignment> sent = s.schedule();
        assertEquals(3, sent.size());
        assertEquals(1, s.runningCount(), "only task 1 runs: 2 needs both units, 3 may not overtake it");
        s.release(1);
        assertEquals(1, s.runningCount());
        assertEquals(2, s.view(0).usedComputingUnits(), "task 2 holds both units");
        s.release(2);
        assertEquals(1, s.view(0).usedComputingUnits());
        assertEquals(0, s.backlogCount());
    }

    @Test
    void memoryOrIoConstrainedTasksAreNeverPrefetched() {
        Scheduler s = new Scheduler(List.of(new NodeResources("a", 1, 4, null, 0, 0, 1)));
        s.setPrefetch(8);
        for (long i = 1; i <= 3; i++) {
            s.addReady(new ReadyTask(i, new ResourceRequest(1, 1.0, null, 0, 0, false)));
        }
        assertEquals(1, s.schedule().size());
        assertEquals(0, s.backlogCount());
    }

    @Test
    void releasingAWaitingTaskOfALostNodeDropsIt() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 1, 1), NodeResources.ofCores("b", 1, 1)));
        s.setPrefetch(1);
        for (long i = 1; i <= 4; i++) {
            s.addReady(task(i, 1));
        }
        assertEquals(4, s.schedule().size());
        s.removeNode(0);
        List<Long> onA = new ArrayList<>();
        for (long i = 1; i <= 4; i++) {
            if (s.nodeOf(i) == 0) {
                onA.add(i);
            }
        }
        assertEquals(2, onA.size());
        onA.forEach(s::release);
        assertEquals(1, s.backlogCount());
        assertEquals(1, s.runningCount());
    }

    private static ReadyTask streamTask(long id, boolean producer) {
        return new ReadyTask(id, ResourceRequest.cores(1), producer, null, -1, true);
    }

    @Test
    void streamTasksAreNeverPrefetched() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 1, 1)));
        s.setPrefetch(4);
        s.addReady(task(1, 1));
        s.addReady(streamTask(2, false));
        s.addReady(streamTask(3, false));
        assertEquals(List.of(new Assignment(1, 0)), s.schedule(), "only the plain task, into the free unit");
        assertEquals(0, s.backlogCount());
        assertEquals(2, s.readyCount());
        s.release(1);
        assertEquals(List.of(new Assignment(2, 0)), s.schedule(), "a stream task once a unit is free");
        assertEquals(0, s.backlogCount());
    }

    @Test
    void producerGoesFirstAndNothingIsQueuedBehindIt() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 1, 1)));
        s.setPrefetch(4);
        s.addReady(task(1, 1));
        s.addReady(streamTask(2, true));
        assertEquals(List.of(new Assignment(2, 0)), s.schedule(), "the priority producer takes the unit");
        assertEquals(0, s.backlogCount(), "task 1 is not queued behind the running producer");
        s.release(2);
        assertEquals(List.of(new Assignment(1, 0)), s.schedule());
    }

    @Test
    void nothingIsQueuedBehindARunningStreamTask() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 1, 1), NodeResources.ofCores("b", 1, 1)));
        s.setPrefetch(4);
        s.addReady(streamTask(1, false)); // a consumer, e.g. waiting for a producer not submitted yet
        s.addReady(task(2, 1));
        assertEquals(2, s.schedule().size());
        int consumerNode = s.nodeOf(1);
        for (long i = 3; i <= 10; i++) {
            s.addReady(task(i, 1));
        }
        List<Assignment> sent = s.schedule();
        assertEquals(4, sent.size(), "prefetched to the other node only");
        for (Assignment as : sent) {
            assertTrue(as.nodeIndex() != consumerNode, "queued behind the consumer: " + as);
        }
        s.release(1);
        assertEquals(4, s.schedule().size(), "once the stream task ends its node may queue again");
    }

    @Test
    void streamTaskDoesNotStartOnANodeWithABacklog() {
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 2, 1)));
        s.setPrefetch(1);
        for (long i = 1; i <= 4; i++) {
            s.addReady(task(i, 1));
        }
        assertEquals(4, s.schedule().size());
        assertEquals(2, s.backlogCount());
        s.addReady(streamTask(5, true));
        s.release(1); // the backlog head takes the unit, as on the worker
        assertEquals(List.of(), s.schedule());
        s.release(2);
        s.release(3);
        assertEquals(List.of(new Assignment(5, 0)), s.schedule(), "backlog empty and a unit free");
    }

    /** Random load against a model of the worker: never more units in use than the node has. */
    @Test
    void neverOversubscribesUnderRandomLoad() {
        Random r = new Random(11);
        Scheduler s = new Scheduler(List.of(NodeResources.ofCores("a", 4, 1), NodeResources.ofCores("b", 2, 1)));
        s.setPrefetch(3);
        List<Long> runningIds = new ArrayList<>();
        long next = 1;
        for (int step = 0; step < 20_000; step++) {
            if (r.nextInt(3) > 0) {
                s.addReady(task(next++, 1 + r.nextInt(2)));
            }
            s.schedule();
            runningIds.clear();
            for (long id = 1; id < next; id++) {
                if (s.nodeOf(id) >= 0) {
                    runningIds.add(id);
                }
            }
            if (!runningIds.isEmpty() && r.nextBoolean()) {
                long victim = runningIds.get(r.nextInt(runningIds.size()));
                if (s.view(s.nodeOf(victim)).runningTasks() > 0) {
                    try {
                        s.release(victim);
                    } catch (IllegalArgumentException ignored) {
                        // not started yet on its worker: nothing to release in the model either
                    }
                }
            }
            for (int n = 0; n < 2; n++) {
                NodeState v = s.view(n);
                assertTrue(v.usedComputingUnits() <= s.node(n).computingUnits(), "node " + n + " at step " + step);
                assertTrue(v.freeComputingUnits() >= 0);
            }
        }
    }
}
