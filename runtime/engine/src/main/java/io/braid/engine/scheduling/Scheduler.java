package io.braid.engine.scheduling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Decides which ready task runs on which node. Pure: no threads, clocks or I/O; one thread
 * (the core's event loop) calls it.
 *
 * <p>Rules:
 * <ul>
 *   <li>A task runs only on a live node that satisfies all its constraints, and never
 *       oversubscribes it: the cores, memory and storage bandwidth held by the tasks running on
 *       a node never exceed its capacity (0 capacity = unlimited for memory and bandwidth). I/O
 *       tasks hold one of the node's I/O executor slots instead of cores.</li>
 *   <li>Order: priority tasks first, then submission order (task id). Ready tasks are grouped by
 *       (request, priority, excluded node), one FIFO queue per group; when the head of a queue
 *       fits nowhere, the whole queue is skipped this round, so a big task waiting for room does
 *       not block differently-shaped tasks behind it.</li>
 *   <li>Placement: the first of the task's preferred (data-holding) nodes that fits; otherwise the
 *       node with the most free slots among those that fit (load spreading, round-robin among
 *       equals). An excluded node (retry elsewhere) is avoided unless it is the only node that
 *       could ever host the task. A task with an {@link ReadyTask#onlyNode()} waits for that node
 *       (any node if it is lost); a node {@linkplain #reserveIo reserved} for I/O takes no other
 *       I/O task (compute tasks still go there).</li>
 *   <li>Implementations: a task with {@linkplain ReadyTask#alternatives() several} waits in the
 *       queue of each implementation's request and starts with the first that gets a node (its
 *       {@link Assignment#implementation()}); the other entries are dropped when they reach the
 *       head of their queues ({@link Alternatives}).</li>
 * </ul>
 *
 * <p>Prefetching ({@link #setPrefetch}): when a task fits nowhere now, it may still be sent to a
 * node whose worker then holds it in a FIFO backlog until computing units free up, so short tasks
 * do not each wait for a master round trip. The worker starts backlog tasks in order whenever
 * the head fits; {@link #release} mirrors that, so the accounting here stays exact. Only tasks
 * limited by computing units alone are prefetched (the worker enforces those itself), and a
 * node with a backlog takes new tasks only through its backlog, keeping the order identical.
 * Stream tasks ({@link ReadyTask#stream()}) are never prefetched, and a node gets no backlog
 * while a stream task runs there: a stream consumer may wait for a producer (or for a task a
 * producer needs), and that task must never be queued behind it.
 *
 * <p>Cost: a decision is O(log q) for q non-empty queues plus O(1) to find a node (the emptiest
 * node of the request's pool); only when memory or bandwidth rather than cores is the bottleneck
 * does it look further down the pool. Nothing is proportional to the number of ready tasks.
 */
public final class Scheduler {

    /** Slack for floating-point sums of memory and bandwidth. */
    private static final double EPS = 1e-9;

    private final NodeResources[] nodes;
    private final boolean[] alive;
    private final int[] usedCus;
    private final int[] usedIo;
    private final double[] usedMem;
    private final double[] usedBw;
    private final int[] runningOn;
    /** Stream tasks running per node: such a node takes no backlog. */
    private final int[] streamsOn;
    /** Nodes that take only the I/O tasks pinned to them (an auto-constraint learning node). */
    private final boolean[] ioReserved;
    private final List<List<NodePool>> poolsOfNode;

    private final Map<PoolKey, NodePool> pools = new HashMap<>();
    private final Map<ResourceRequest, NodePool> poolOfRequest = new HashMap<>();
    private final Map<QueueKey, TaskQueue> queues = new HashMap<>();
    private final PriorityQueue<TaskQueue> active = new PriorityQueue<>(TaskQueue.ORDER);
    private final Map<Long, Running> running = new HashMap<>();
    private final NodeBacklog backlog;
    private final Alternatives alternatives = new Alternatives();
    private int prefetchPerCu;
    private int liveNodes;
    private int readyCount;

    public Scheduler(List<NodeResources> nodeList) {
        int n = nodeList.size();
        nodes = nodeList.toArray(new NodeResources[0]);
        alive = new boolean[n];
        Arrays.fill(alive, true);
        liveNodes = n;
        usedCus = new int[n];
        usedIo = new int[n];
        usedMem = new double[n];
        usedBw = new double[n];
        runningOn = new int[n];
        streamsOn = new int[n];
        ioReserved = new boolean[n];
        backlog = new NodeBacklog(n);
        poolsOfNode = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            poolsOfNode.add(new ArrayList<>(2));
        }
    }

    /**
     * Queues a task whose inputs are ready. A task with {@linkplain ReadyTask#alternatives()
     * alternatives} waits in the queue of each; it starts with the first that finds room.
     */
    public void addReady(ReadyTask task) {
        readyCount++;
        if (task.alternatives().size() < 2) {
            enqueue(task);
            return;
        }
        List<ReadyTask> entries = new ArrayList<>(task.alternatives().size());
        for (int i = 0; i < task.alternatives().size(); i++) {
            entries.add(task.alternative(i));
        }
        alternatives.queued(task.taskId(), entries);
        for (ReadyTask e : entries) {
            enqueue(e);
        }
    }

    private void enqueue(ReadyTask task) {
        NodePool pool = poolFor(task.request());
        int excluded = task.excludedNode();
        if (excluded >= nodes.length || (excluded >= 0 && !pool.member[excluded])) {
            excluded = -1; // excluding a node that could never host it changes nothing
        }
        int only = task.onlyNode() < nodes.length ? task.onlyNode() : -1;
        QueueKey k = new QueueKey(task.request(), task.priority(), excluded, only);
        TaskQueue q = queues.get(k);
        if (q == null) {
            q = new TaskQueue(task.request(), pool, task.priority(), excluded, only);
            queues.put(k, q);
        }
        boolean wasEmpty = q.isEmpty();
        long oldHead = wasEmpty ? Long.MAX_VALUE : q.peek().taskId();
        q.add(task);
        if (wasEmpty) {
            active.add(q);
        } else if (task.taskId() < oldHead) {
            // an older task (resubmission) became the head: re-key the queue
            active.remove(q);
            active.add(q);
        }
    }

    /** Assigns as many ready tasks as currently fit, in order; the caller starts them. */
    public List<Assignment> schedule() {
        List<Assignment> out = new ArrayList<>();
        List<TaskQueue> skipped = null;
        while (!active.isEmpty()) {
            TaskQueue q = active.poll();
            ReadyTask t = q.peek();
            if (alternatives.dropIfStale(t)) {
                q.poll(); // its task started with another implementation
                if (!q.isEmpty()) {
                    active.add(q);
                }
                continue;
            }
            int node = place(q, t);
            if (node < 0 && prefetchPerCu > 0 && !t.stream() && prefetchable(t.request())
                    && !alternatives.isAlternative(t)) {
                int b = placeInBacklog(q);
                if (b >= 0) {
                    q.poll();
                    readyCount--;
                    backlog.add(b, t.taskId(), t.request());
                    out.add(new Assignment(t.taskId(), b));
                    if (!q.isEmpty()) {
                        active.add(q);
                    }
                    continue;
                }
            }
            if (node < 0) {
                if (skipped == null) {
                    skipped = new ArrayList<>();
                }
                skipped.add(q);
                continue;
            }
            q.poll();
            readyCount--;
            alternatives.started(t);
            hold(node, t.request());
            running.put(t.taskId(), new Running(node, t.request(), t.stream()));
            if (t.stream()) {
                streamsOn[node]++;
            }
            out.add(new Assignment(t.taskId(), node, t.implementation()));
            if (!q.isEmpty()) {
                active.add(q);
            }
        }
        if (skipped != null) {
            active.addAll(skipped);
        }
        return out;
    }

    /**
     * Frees what an assigned task held (it finished or failed).
     *
     * @throws IllegalArgumentException if the task is not running
     */
    public void release(long taskId) {
        Running r = running.remove(taskId);
        if (r == null && backlog.remove(taskId)) {
            return;
        }
        if (r == null) {
            throw new IllegalArgumentException("task " + taskId + " is not running");
        }
        int node = r.node;
        ResourceRequest req = r.request;
        if (r.stream) {
            streamsOn[node]--;
        }
        if (req.ioTask()) {
            usedIo[node]--;
        } else {
            usedCus[node] -= req.computingUnits();
        }
        usedMem[node] -= req.memoryGB();
        usedBw[node] -= req.storageBW();
        if (--runningOn[node] == 0) {
            usedMem[node] = 0; // drop rounding residue
            usedBw[node] = 0;
        }
        if (alive[node]) {
            reindex(node);
        }
        startBacklog(node);
    }

    /**
     * Lets up to {@code tasksPerComputingUnit} tasks per computing unit of a node wait on its
     * worker (0 = none: a task is sent only when it can start at once).
     */
    public void setPrefetch(int tasksPerComputingUnit) {
        this.prefetchPerCu = Math.max(0, tasksPerComputingUnit);
    }

    /** Tasks sent to workers that wait there for computing units. */
    public int backlogCount() {
        return backlog.total();
    }

    /** As the worker does when units free up: start the backlog's head while it fits. */
    private void startBacklog(int node) {
        while (!backlog.isEmpty(node) && fitsNow(node, backlog.peek(node).request())) {
            NodeBacklog.Waiting w = backlog.poll(node);
            hold(node, w.request());
            running.put(w.taskId(), new Running(node, w.request(), false));
        }
    }

    private static boolean prefetchable(ResourceRequest r) {
        return !r.ioTask() && r.memoryGB() == 0 && r.storageBW() == 0;
    }

    /** The live, allowed node of the queue's pool with the shortest backlog that has room. */
    private int placeInBacklog(TaskQueue q) {
        int best = -1;
        for (int node = 0; node < nodes.length; node++) {
            if (!q.pool.member[node] || !alive[node] || (node == q.excluded && q.pool.live > 1)
                    || streamsOn[node] > 0) {
                continue;
            }
            int size = backlog.size(node);
            if (size < prefetchPerCu * nodes[node].computingUnits() && (best < 0 || size < backlog.size(best))) {
                best = node;
            }
        }
        return best;
    }

    /**
     * The node's worker died: nothing new goes there. Tasks running there stay assigned until
     * the caller releases them (and resubmits them).
     */
    public void removeNode(int nodeIndex) {
        checkNode(nodeIndex);
        if (!alive[nodeIndex]) {
            return;
        }
        alive[nodeIndex] = false;
        liveNodes--;
        for (NodePool p : poolsOfNode.get(nodeIndex)) {
            p.remove(nodeIndex);
            p.live--;
        }
    }

    /**
     * The node's worker is back (started again after it died): it takes tasks again. Whatever
     * ran there when it died must have been released by the caller.
     */
    public void restoreNode(int nodeIndex) {
        checkNode(nodeIndex);
        if (alive[nodeIndex]) {
            return;
        }
        alive[nodeIndex] = true;
        liveNodes++;
        for (NodePool p : poolsOfNode.get(nodeIndex)) {
            p.live++;
        }
        reindex(nodeIndex);
    }

    /** True while the node's worker is not lost. */
    public boolean isAlive(int nodeIndex) {
        checkNode(nodeIndex);
        return alive[nodeIndex];
    }

    /**
     * Reserves a node's I/O executors ({@code on}) for the I/O tasks pinned to it
     * ({@link ReadyTask#onlyNode()}), or lifts the reservation. Tasks already running there
     * are not affected.
     */
    public void reserveIo(int nodeIndex, boolean on) {
        checkNode(nodeIndex);
        ioReserved[nodeIndex] = on;
    }

    /** True when the node is alive and could host the request once idle. */
    public boolean canHost(int nodeIndex, ResourceRequest request) {
        checkNode(nodeIndex);
        return alive[nodeIndex] && couldEverHost(nodes[nodeIndex], request);
    }

    /** True when some live node could host the request once idle. */
    public boolean canEverRun(ResourceRequest request) {
        return poolFor(request).live > 0;
    }

    public int readyCount() {
        return readyCount;
    }

    public int runningCount() {
        return running.size();
    }

    public int nodeCount() {
        return nodes.length;
    }

    public int liveNodeCount() {
        return liveNodes;
    }

    public NodeResources node(int nodeIndex) {
        checkNode(nodeIndex);
        return nodes[nodeIndex];
    }

    /** Node the task runs on, or -1 if it is not running. */
    public int nodeOf(long taskId) {
        Running r = running.get(taskId);
        return r == null ? backlog.nodeOf(taskId) : r.node;
    }

    public NodeState view(int nodeIndex) {
        checkNode(nodeIndex);
        NodeResources nr = nodes[nodeIndex];
        double freeMem = nr.memoryGB() == 0 ? Double.POSITIVE_INFINITY : nr.memoryGB() - usedMem[nodeIndex];
        double freeBw = nr.storageBandwidthMBs() == 0 ? Double.POSITIVE_INFINITY
                : nr.storageBandwidthMBs() - usedBw[nodeIndex];
        return new NodeState(nr.name(), alive[nodeIndex], runningOn[nodeIndex],
                nr.computingUnits() - usedCus[nodeIndex], freeMem, freeBw, nr.ioExecutors() - usedIo[nodeIndex],
                usedCus[nodeIndex], usedMem[nodeIndex], usedBw[nodeIndex], usedIo[nodeIndex]);
    }

    // ---- placement ----

    private int place(TaskQueue q, ReadyTask t) {
        NodePool pool = q.pool;
        if (pool.live == 0) {
            return -1;
        }
        ResourceRequest req = q.request;
        int only = q.onlyNode;
        if (only >= 0 && alive[only]) {
            return pool.member[only] && backlog.isEmpty(only) && fitsNow(only, req) ? only : -1;
        }
        int excluded = q.excluded;
        if (excluded >= 0 && (pool.live == 1 && alive[excluded])) {
            excluded = -1; // the only node that could ever host it: use it anyway
        }
        for (int p : t.preferredNodes()) {
            if (p >= 0 && p < nodes.length && p != excluded && pool.member[p] && alive[p] && backlog.isEmpty(p)
                    && !(req.ioTask() && ioReserved[p]) && fitsNow(p, req)) {
                return p;
            }
        }
        int need = req.ioTask() ? 1 : req.computingUnits();
        for (int k = pool.maxKey(); k >= need; k--) {
            for (int node = pool.first(k); node >= 0; node = pool.next(node)) {
                if (node != excluded && backlog.isEmpty(node) && !(req.ioTask() && ioReserved[node])
                        && fitsBesidesSlots(node, req)) {
                    return node;
                }
            }
        }
        return -1;
    }

    private boolean fitsNow(int node, ResourceRequest req) {
        NodeResources nr = nodes[node];
        if (req.ioTask()) {
            if (usedIo[node] + 1 > nr.ioExecutors()) {
                return false;
            }
        } else if (usedCus[node] + req.computingUnits() > nr.computingUnits()) {
            return false;
        }
        return fitsBesidesSlots(node, req);
    }

    private boolean fitsBesidesSlots(int node, ResourceRequest req) {
        NodeResources nr = nodes[node];
        double mem = nr.memoryGB();
        if (mem > 0 && req.memoryGB() > 0 && usedMem[node] + req.memoryGB() > mem + EPS) {
            return false;
        }
        double bw = nr.storageBandwidthMBs();
        return !(bw > 0 && req.storageBW() > 0 && usedBw[node] + req.storageBW() > bw + EPS);
    }

    private void hold(int node, ResourceRequest req) {
        if (req.ioTask()) {
            usedIo[node]++;
        } else {
            usedCus[node] += req.computingUnits();
        }
        usedMem[node] += req.memoryGB();
        usedBw[node] += req.storageBW();
        runningOn[node]++;
        reindex(node);
    }

    private void reindex(int node) {
        List<NodePool> ps = poolsOfNode.get(node);
        for (int i = 0, n = ps.size(); i < n; i++) {
            NodePool p = ps.get(i);
            p.set(node, freeSlots(node, p.io));
        }
    }

    private int freeSlots(int node, boolean io) {
        return io ? nodes[node].ioExecutors() - usedIo[node] : nodes[node].computingUnits() - usedCus[node];
    }

    // ---- pools ----

    private NodePool poolFor(ResourceRequest req) {
        NodePool pool = poolOfRequest.get(req);
        if (pool != null) {
            return pool;
        }
        // Membership ignores whether a node is alive, so that a node whose worker comes back
        // (restoreNode) rejoins every pool it belongs to, also those made while it was away.
        BitSet eligible = new BitSet(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            if (couldEverHost(nodes[i], req)) {
                eligible.set(i);
            }
        }
        PoolKey key = new PoolKey(eligible, req.ioTask());
        pool = pools.get(key);
        if (pool == null) {
            boolean[] member = new boolean[nodes.length];
            int maxKey = 0;
            for (int i = eligible.nextSetBit(0); i >= 0; i = eligible.nextSetBit(i + 1)) {
                member[i] = true;
                maxKey = Math.max(maxKey, req.ioTask() ? nodes[i].ioExecutors() : nodes[i].computingUnits());
            }
            pool = new NodePool(req.ioTask(), member, maxKey);
            for (int i = eligible.nextSetBit(0); i >= 0; i = eligible.nextSetBit(i + 1)) {
                if (alive[i]) {
                    pool.set(i, freeSlots(i, req.ioTask()));
                    pool.live++;
                }
                poolsOfNode.get(i).add(pool);
            }
            pools.put(key, pool);
        }
        poolOfRequest.put(req, pool);
        return pool;
    }

    /** Static check: could the node host the request when idle? */
    static boolean couldEverHost(NodeResources n, ResourceRequest r) {
        if (r.ioTask() ? n.ioExecutors() < 1 : n.computingUnits() < r.computingUnits()) {
            return false;
        }
        if (!r.architectureMatches(n.architecture())) {
            return false;
        }
        if (n.memoryGB() > 0 && r.memoryGB() > n.memoryGB() + EPS) {
            return false;
        }
        if (n.storageBandwidthMBs() > 0 && r.storageBW() > n.storageBandwidthMBs() + EPS) {
            return false;
        }
        return !(n.storageSizeGB() > 0 && r.storageSizeGB() > n.storageSizeGB() + EPS);
    }

    private void checkNode(int nodeIndex) {
        if (nodeIndex < 0 || nodeIndex >= nodes.length) {
            throw new IndexOutOfBoundsException("no node " + nodeIndex + " (there are " + nodes.length + ")");
        }
    }

    private record PoolKey(BitSet eligible, boolean io) {
    }

    private record QueueKey(ResourceRequest request, boolean priority, int excluded, int onlyNode) {
    }

    private record Running(int node, ResourceRequest request, boolean stream) {
    }
}
