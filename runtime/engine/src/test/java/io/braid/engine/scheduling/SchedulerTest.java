package io.braid.engine.scheduling;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedulerTest {

    private static NodeResources node(String name, int cus) {
        return NodeResources.ofCores(name, cus, 1);
    }

    private static ReadyTask task(long id, ResourceRequest r) {
        return new ReadyTask(id, r);
    }

    private static List<Long> ids(List<Assignment> as) {
        return as.stream().map(Assignment::taskId).toList();
    }

    private static Map<Long, Integer> placement(List<Assignment> as) {
        Map<Long, Integer> m = new HashMap<>();
        as.forEach(a -> m.put(a.taskId(), a.nodeIndex()));
        return m;
    }

    @Test
    void architectureRoutesTasksCaseInsensitively() {
        Scheduler s = new Scheduler(List.of(
                new NodeResources("intel", 4, 0, "Intel", 0, 0, 1),
                new NodeResources("amd", 4, 0, "AMD", 0, 0, 1)));
        ResourceRequest amd = ResourceRequest.parse("", "", "amd", "", "", false);
        ResourceRequest intel = ResourceRequest.parse("", "", "INTEL", "", "", false);
        for (int i = 0; i < 3; i++) {
            s.addReady(task(2L * i, amd));
            s.addReady(task(2L * i + 1, intel));
        }
        Map<Long, Integer> p = placement(s.schedule());
        assertEquals(6, p.size());
        p.forEach((id, node) -> assertEquals(id % 2 == 0 ? 1 : 0, node, "task " + id));
    }

    @Test
    void nodeWithoutArchitectureAcceptsAnyAndArchlessTaskGoesAnywhere() {
        Scheduler s = new Scheduler(List.of(node("plain", 1)));
        assertTrue(s.canEverRun(ResourceRequest.parse("", "", "arm", "", "", false)));
        Scheduler t = new Scheduler(List.of(new NodeResources("arm", 1, 0, "arm", 0, 0, 1)));
        assertTrue(t.canEverRun(ResourceRequest.DEFAULT));
        assertFalse(t.canEverRun(ResourceRequest.parse("", "", "x86", "", "", false)));
    }

    @Test
    void memoryIsHeldAndNeverOversubscribed() {
        Scheduler s = new Scheduler(List.of(new NodeResources("n", 8, 4, null, 0, 0, 1)));
        ResourceRequest r = ResourceRequest.parse("1", "1.5", "", "", "", false);
        for (long i = 0; i < 4; i++) {
            s.addReady(task(i, r));
        }
        assertEquals(List.of(0L, 1L), ids(s.schedule())); // 3 GB of 4 used
        assertEquals(2, s.readyCount());
        assertEquals(1.0, s.view(0).freeMemoryGB(), 1e-9);
        s.release(0);
        assertEquals(List.of(2L), ids(s.schedule()));
        assertFalse(s.canEverRun(ResourceRequest.parse("1", "4.5", "", "", "", false)));
    }

    @Test
    void computingUnitsAreHeldAndReleased() {
        Scheduler s = new Scheduler(List.of(node("a", 4)));
        ResourceRequest three = ResourceRequest.cores(3);
        s.addReady(task(1, three));
        s.addReady(task(2, three));
        assertEquals(List.of(1L), ids(s.schedule()));
        assertEquals(1, s.view(0).freeComputingUnits());
        assertEquals(1, s.runningCount());
        assertTrue(s.schedule().isEmpty());
        s.release(1);
        assertEquals(List.of(2L), ids(s.schedule()));
        assertEquals(0, s.readyCount());
        assertThrows(IllegalArgumentException.class, () -> s.release(1));
    }

    @Test
    void storageBandwidthLimitsTasksEvenWithIdleCores() {
        Scheduler s = new Scheduler(List.of(new NodeResources("n", 16, 0, null, 0, 100, 4)));
        ResourceRequest r = ResourceRequest.parse("", "", "", "40", "", false);
        for (long i = 0; i < 4; i++) {
            s.addReady(task(i, r));
        }
        assertEquals(2, s.schedule().size());
        assertEquals(14, s.view(0).freeComputingUnits());
        assertEquals(20, s.view(0).freeStorageBandwidthMBs(), 1e-9);
    }

    @Test
    void ioTasksUseIoSlotsNotCores() {
        Scheduler s = new Scheduler(List.of(new NodeResources("n", 1, 0, null, 0, 0, 2)));
        s.addReady(task(1, ResourceRequest.DEFAULT));
        for (long i = 2; i <= 4; i++) {
            s.addReady(task(i, ResourceRequest.IO));
        }
        assertEquals(List.of(1L, 2L, 3L), ids(s.schedule()));
        NodeState v = s.view(0);
        assertEquals(0, v.freeComputingUnits());
        assertEquals(0, v.freeIoExecutors());
        s.release(2);
        assertEquals(List.of(4L), ids(s.schedule()));
        Scheduler noIo = new Scheduler(List.of(new NodeResources("n", 4, 0, null, 0, 0, 0)));
        assertFalse(noIo.canEverRun(ResourceRequest.IO));
    }

    @Test
    void storageSizeSelectsNodes() {
        Scheduler s = new Scheduler(List.of(
                new NodeResources("small", 4, 0, null, 10, 0, 1),
                new NodeResources("big", 4, 0, null, 500, 0, 1)));
        ResourceRequest r = ResourceRequest.parse("", "", "", "", "100", false);
        for (long i = 0; i < 3; i++) {
            s.addReady(task(i, r));
        }
        s.schedule().forEach(a -> assertEquals(1, a.nodeIndex()));
        assertFalse(s.canEverRun(ResourceRequest.parse("", "", "", "", "501", false)));
    }

    @Test
    void fifoWithinAShape() {
        Scheduler s = new Scheduler(List.of(node("a", 2)));
        for (long i = 10; i < 20; i++) {
            s.addReady(task(i, ResourceRequest.DEFAULT));
        }
        List<Long> order = new ArrayList<>(ids(s.schedule()));
        for (long i = 10; i < 20; i++) {
            if (order.contains(i)) {
                s.release(i);
                order.addAll(ids(s.schedule()));
            }
        }
        assertEquals(java.util.stream.LongStream.range(10, 20).boxed().toList(), order);
    }

    @Test
    void resubmittedOlderTaskGoesFirst() {
        Scheduler s = new Scheduler(List.of(node("a", 1)));
        s.addReady(task(5, ResourceRequest.DEFAULT));
        s.addReady(task(6, ResourceRequest.DEFAULT));
        s.addReady(task(2, ResourceRequest.DEFAULT)); // e.g. back from a dead worker
        assertEquals(List.of(2L), ids(s.schedule()));
        s.release(2);
        assertEquals(List.of(5L), ids(s.schedule()));
        s.release(5);
        assertEquals(List.of(6L), ids(s.schedule()));
    }

    @Test
    void ordersAcrossShapesBySubmission() {
        Scheduler s = new Scheduler(List.of(node("a", 1)));
        ResourceRequest mem = ResourceRequest.parse("1", "1", "", "", "", false);
        s.addReady(task(1, mem));
        s.addReady(task(2, ResourceRequest.DEFAULT));
        s.addReady(task(3, mem));
        List<Long> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<Long> got = ids(s.schedule());
            assertEquals(1, got.size());
            order.addAll(got);
            s.release(got.get(0));
        }
        assertEquals(List.of(1L, 2L, 3L), order);
    }

    @Test
    void priorityTasksFirst() {
        Scheduler s = new Scheduler(List.of(node("a", 1)));
        s.addReady(task(1, ResourceRequest.DEFAULT));
        s.addReady(new ReadyTask(2, ResourceRequest.cores(1), true, null, -1));
        s.addReady(new ReadyTask(3, ResourceRequest.cores(1), true, null, -1));
        assertEquals(List.of(2L), ids(s.schedule()));
        s.release(2);
        assertEquals(List.of(3L), ids(s.schedule()));
        s.release(3);
        assertEquals(List.of(1L), ids(s.schedule()));
    }

    @Test
    void blockedBigTaskDoesNotBlockSmallOnes() {
        Scheduler s = new Scheduler(List.of(node("a", 4)));
        s.addReady(task(1, ResourceRequest.cores(2)));
        s.addReady(task(2, ResourceRequest.cores(4))); // waits for the whole node
        s.addReady(task(3, ResourceRequest.cores(4)));
        s.addReady(task(4, ResourceRequest.DEFAULT));
        s.addReady(task(5, ResourceRequest.DEFAULT));
        s.addReady(task(6, ResourceRequest.DEFAULT));
        assertEquals(List.of(1L, 4L, 5L), ids(s.schedule()));
        assertEquals(3, s.readyCount());
        // a task that can never run anywhere does not block anything either
        s.addReady(task(7, ResourceRequest.cores(64)));
        s.release(4);
        assertEquals(List.of(6L), ids(s.schedule()));
        assertFalse(s.canEverRun(ResourceRequest.cores(64)));
    }

    @Test
    void prefersDataLocalityThenSpreads() {
        Scheduler s = new Scheduler(List.of(node("a", 4), node("b", 4), node("c", 4)));
        s.addReady(new ReadyTask(1, ResourceRequest.DEFAULT, false, new int[] {2, 1}, -1));
        s.addReady(new ReadyTask(2, ResourceRequest.DEFAULT, false, new int[] {2}, -1));
        s.addReady(new ReadyTask(3, ResourceRequest.cores(4), false, new int[] {2, 1}, -1));
        Map<Long, Integer> p = placement(s.schedule());
        assertEquals(2, p.get(1L));
        assertEquals(2, p.get(2L));
        assertEquals(1, p.get(3L)); // c is partly used; b is the next preferred node that fits
        // without preferences: the node with the most free cores
        s.addReady(task(4, ResourceRequest.cores(3)));
        assertEquals(Map.of(4L, 0), placement(s.schedule()));
    }

    @Test
    void spreadsLoadAcrossEqualNodes() {
        Scheduler s = new Scheduler(List.of(node("a", 4), node("b", 4), node("c", 4)));
        for (long i = 0; i < 6; i++) {
            s.addReady(task(i, ResourceRequest.DEFAULT));
        }
        s.schedule();
        for (int n = 0; n < 3; n++) {
            assertEquals(2, s.view(n).runningTasks());
        }
    }

    @Test
    void excludedNodeIsAvoidedUnlessItIsTheOnlyOne() {
        Scheduler s = new Scheduler(List.of(node("a", 1), node("b", 1)));
        s.addReady(new ReadyTask(1, ResourceRequest.DEFAULT, false, new int[] {0}, 0));
        assertEquals(Map.of(1L, 1), placement(s.schedule()));
        // b busy, a idle: retries away from a wait for b rather than going back to a
        s.addReady(new ReadyTask(2, ResourceRequest.DEFAULT, false, null, 0));
        s.addReady(new ReadyTask(3, ResourceRequest.DEFAULT, false, null, 0));
        assertTrue(s.schedule().isEmpty());
        // ... but an ordinary task still uses a
        s.addReady(task(4, ResourceRequest.DEFAULT));
        assertEquals(Map.of(4L, 0), placement(s.schedule()));

        Scheduler only = new Scheduler(List.of(new NodeResources("intel", 1, 0, "Intel", 0, 0, 1), new NodeResources("arm", 1, 0, "arm", 0, 0, 1)));
        ResourceRequest arm = ResourceRequest.parse("", "", "arm", "", "", false);
        only.addReady(new ReadyTask(1, arm, false, null, 1));
        assertEquals(Map.of(1L, 1), placement(only.schedule()));
        // the only live node left is the excluded one: it is used
        Scheduler two = new Scheduler(List.of(node("a", 1), node("b", 1)));
        two.removeNode(1);
        two.addReady(new ReadyTask(1, ResourceRequest.DEFAULT, false, null, 0));
        assertEquals(Map.of(1L, 0), placement(two.schedule()));
    }

    @Test
    void removedNodeGetsNothingNewAndKeepsItsTasksUntilReleased() {
        Scheduler s = new Scheduler(List.of(node("a", 2), node("b", 2)));
        for (long i = 0; i < 4; i++) {
            s.addReady(task(i, ResourceRequest.DEFAULT));
        }
        Map<Long, Integer> p = placement(s.schedule());
        s.removeNode(0);
        assertFalse(s.view(0).alive());
        assertEquals(4, s.runningCount());
        assertEquals(1, s.liveNodeCount());
        List<Long> onA = p.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList();
        for (long id : onA) {
            s.release(id);
            s.addReady(task(id, ResourceRequest.DEFAULT)); // resubmitted
        }
        assertTrue(s.schedule().isEmpty());
        long onB = p.entrySet().stream().filter(e -> e.getValue() == 1).findFirst().orElseThrow().getKey();
        s.release(onB);
        assertEquals(List.of(1), s.schedule().stream().map(Assignment::nodeIndex).toList());
        s.removeNode(1);
        assertFalse(s.canEverRun(ResourceRequest.DEFAULT));
        assertTrue(s.schedule().isEmpty());
        assertEquals(1, s.readyCount());
    }

    @Test
    void aRestoredNodeTakesTasksAgainAlsoOfRequestsFirstSeenWhileItWasAway() {
        Scheduler s = new Scheduler(List.of(node("a", 2), node("b", 2)));
        s.removeNode(0);
        ResourceRequest two = ResourceRequest.cores(2); // its pool is made while a is away
        s.addReady(task(1, two));
        s.addReady(task(2, two));
        assertEquals(Map.of(1L, 1), placement(s.schedule()));
        s.restoreNode(0);
        assertTrue(s.view(0).alive());
        assertEquals(2, s.liveNodeCount());
        assertEquals(Map.of(2L, 0), placement(s.schedule()));
        s.addReady(task(3, ResourceRequest.DEFAULT));
        assertTrue(s.schedule().isEmpty(), "both nodes are full");
        s.release(2);
        assertEquals(Map.of(3L, 0), placement(s.schedule()));
        // lost again, and back again: the pools count it once
        s.release(3);
        s.removeNode(0);
        assertEquals(1, s.liveNodeCount());
        s.restoreNode(0);
        s.restoreNode(0);
        assertEquals(2, s.liveNodeCount());
        for (long i = 10; i < 13; i++) {
            s.addReady(task(i, ResourceRequest.DEFAULT));
        }
        assertEquals(2, s.schedule().size(), "a has 2 free cores, b none");
    }

    @Test
    void canEverRun() {
        Scheduler s = new Scheduler(List.of(new NodeResources("n", 8, 16, "Intel", 100, 200, 2)));
        assertTrue(s.canEverRun(ResourceRequest.parse("8", "16", "intel", "200", "100", false)));
        assertFalse(s.canEverRun(ResourceRequest.cores(9)));
        assertFalse(s.canEverRun(ResourceRequest.parse("1", "17", "", "", "", false)));
        assertFalse(s.canEverRun(ResourceRequest.parse("1", "", "", "201", "", false)));
        assertFalse(s.canEverRun(ResourceRequest.parse("1", "", "AMD", "", "", false)));
        assertTrue(s.canEverRun(ResourceRequest.parse("", "", "", "", "", true)));
        assertTrue(new Scheduler(List.of(node("x", 1))).canEverRun(ResourceRequest.parse("1", "999", "", "999", "999", false)));
    }

    /** Random load; the invariants are checked after every call. */
    @Test
    void randomLoadNeverOversubscribes() {
        Random rnd = new Random(42);
        List<NodeResources> nodes = new ArrayList<>();
        String[] arch = {"Intel", "AMD", null};
        for (int i = 0; i < 12; i++) {
            nodes.add(new NodeResources("n" + i, 1 + rnd.nextInt(8), rnd.nextBoolean() ? 0 : 2 + rnd.nextInt(14),
                    arch[rnd.nextInt(3)], 0, rnd.nextBoolean() ? 0 : 50 + rnd.nextInt(200), rnd.nextInt(3)));
        }
        ResourceRequest[] shapes = {
                ResourceRequest.DEFAULT, ResourceRequest.cores(2), ResourceRequest.cores(5), ResourceRequest.IO,
                ResourceRequest.parse("1", "3.3", "", "", "", false),
                ResourceRequest.parse("2", "0.7", "amd", "40", "", false),
                ResourceRequest.parse("", "1", "", "25", "", true),
                ResourceRequest.parse("1", "", "Intel", "", "", false),
        };
        Scheduler s = new Scheduler(nodes);
        Map<Long, Integer> running = new HashMap<>();
        Map<Long, ReadyTask> tasks = new HashMap<>();
        List<Long> runningIds = new ArrayList<>();
        long nextId = 0;
        int ready = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = rnd.nextInt(10);
            if (op < 4) {
                int[] pref = rnd.nextInt(3) == 0 ? new int[] {rnd.nextInt(12)} : null;
                ReadyTask t = new ReadyTask(nextId++, shapes[rnd.nextInt(shapes.length)], rnd.nextInt(10) == 0,
                        pref, rnd.nextInt(10) == 0 ? rnd.nextInt(12) : -1);
                tasks.put(t.taskId(), t);
                s.addReady(t);
                ready++;
            } else if (op < 7) {
                for (Assignment a : s.schedule()) {
                    ReadyTask t = tasks.get(a.taskId());
                    assertTrue(NodeLoad.couldEverHost(nodes.get(a.nodeIndex()), t.request()));
                    assertTrue(s.view(a.nodeIndex()).alive());
                    assertEquals(null, running.put(a.taskId(), a.nodeIndex()));
                    runningIds.add(a.taskId());
                    ready--;
                }
            } else if (op < 9 && !runningIds.isEmpty()) {
                long id = runningIds.remove(rnd.nextInt(runningIds.size()));
                s.release(id);
                running.remove(id);
            } else if (op == 9 && rnd.nextInt(200) == 0) {
                s.removeNode(rnd.nextInt(12));
            }
            assertEquals(ready, s.readyCount());
            assertEquals(running.size(), s.runningCount());
            checkCapacity(s, nodes, running, tasks);
        }
        assertTrue(nextId > 7000);
    }

    private static void checkCapacity(Scheduler s, List<NodeResources> nodes, Map<Long, Integer> running,
                                      Map<Long, ReadyTask> tasks) {
        int n = nodes.size();
        int[] cus = new int[n];
        int[] io = new int[n];
        double[] mem = new double[n];
        double[] bw = new double[n];
        for (Map.Entry<Long, Integer> e : running.entrySet()) {
            ResourceRequest r = tasks.get(e.getKey()).request();
            int i = e.getValue();
            if (r.ioTask()) {
                io[i]++;
            } else {
                cus[i] += r.computingUnits();
            }
            mem[i] += r.memoryGB();
            bw[i] += r.storageBW();
        }
        for (int i = 0; i < n; i++) {
            NodeResources nr = nodes.get(i);
            assertTrue(cus[i] <= nr.computingUnits(), "cores of node " + i);
            assertTrue(io[i] <= nr.ioExecutors(), "I/O slots of node " + i);
            assertTrue(nr.memoryGB() == 0 || mem[i] <= nr.memoryGB() + 1e-6, "memory of node " + i);
            assertTrue(nr.storageBandwidthMBs() == 0 || bw[i] <= nr.storageBandwidthMBs() + 1e-6, "bandwidth of node " + i);
            NodeState v = s.view(i);
            assertEquals(cus[i], v.usedComputingUnits());
            assertEquals(io[i], v.usedIoExecutors());
            assertEquals(mem[i], v.usedMemoryGB(), 1e-6);
        }
    }
}
