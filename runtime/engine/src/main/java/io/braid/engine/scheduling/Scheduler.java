package io.braid.engine.scheduling;

import io.braid.engine.analysis.LongObjMap;

import java.util.ArrayList;
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
 *
 * <p>This class keeps the queues, their order and the running tasks; the nodes' load and the fit
 * rules are in {@link NodeLoad}, the free-slot index per request in {@link NodePools}, the choice
 * of a node in {@link Placement}, the prefetched tasks in {@link NodeBacklog}.
 */
public final class Scheduler {

    private final NodeLoad load;
    private final NodePools pools;
    private final NodeBacklog backlog;
    private final Placement placement;
    private final Map<QueueKey, TaskQueue> queues = new HashMap<>();
    private final PriorityQueue<TaskQueue> active = new PriorityQueue<>(TaskQueue.ORDER);
    private final LongObjMap<Running> running = new LongObjMap<>();
    private final Alternatives alternatives = new Alternatives();
    private int prefetchPerCu;
    private int readyCount;

    public Scheduler(List<NodeResources> nodeList) {
        load = new NodeLoad(nodeList);
        pools = new NodePools(load);
        backlog = new NodeBacklog(load.size());
        placement = new Placement(load, backlog);
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
        NodePool pool = pools.poolFor(task.request());
        int n = load.size();
        int excluded = task.excludedNode();
        if (excluded >= n || (excluded >= 0 && !pool.member[excluded])) {
            excluded = -1; // excluding a node that could never host it changes nothing
        }
        int only = task.onlyNode() < n ? task.onlyNode() : -1;
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
            int node = placement.place(q, t);
            if (node < 0 && prefetchPerCu > 0 && !t.stream() && Placement.prefetchable(t.request())
                    && !alternatives.isAlternative(t)) {
                int b = placement.placeInBacklog(q, prefetchPerCu);
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
            load.hold(node, t.request());
            running.put(t.taskId(), new Running(node, t.request(), t.stream()));
            if (t.stream()) {
                load.streamsOn[node]++;
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
        load.free(r.node, r.request, r.stream);
        startBacklog(r.node);
    }

    /**
     * The running task {@code from} ended and its worker started {@code to} on what it held (a
     * task parked behind it: chaining ahead): {@code to} runs on the same node with the same
     * request, nothing is freed and no backlog task starts, as on the worker.
     *
     * @throws IllegalArgumentException if {@code from} is not running
     */
    public void handOff(long from, long to) {
        Running r = running.remove(from);
        if (r == null) {
            throw new IllegalArgumentException("task " + from + " is not running");
        }
        running.put(to, new Running(r.node, r.request, false));
    }

    /**
     * Whether tasks of this request may wait on a worker without holding what they need there
     * (prefetched, or parked behind another): the worker enforces computing units alone.
     */
    public static boolean waitsOnWorker(ResourceRequest request) {
        return Placement.prefetchable(request);
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
        while (!backlog.isEmpty(node) && load.fitsNow(node, backlog.peek(node).request())) {
            NodeBacklog.Waiting w = backlog.poll(node);
            load.hold(node, w.request());
            running.put(w.taskId(), new Running(node, w.request(), false));
        }
    }

    /**
     * The node's worker died: nothing new goes there. Tasks running there stay assigned until
     * the caller releases them (and resubmits them).
     */
    public void removeNode(int nodeIndex) {
        load.checkNode(nodeIndex);
        load.remove(nodeIndex);
    }

    /**
     * The node's worker is back (started again after it died): it takes tasks again. Whatever
     * ran there when it died must have been released by the caller.
     */
    public void restoreNode(int nodeIndex) {
        load.checkNode(nodeIndex);
        load.restore(nodeIndex);
    }

    /** True while the node's worker is not lost. */
    public boolean isAlive(int nodeIndex) {
        load.checkNode(nodeIndex);
        return load.alive[nodeIndex];
    }

    /**
     * Reserves a node's I/O executors ({@code on}) for the I/O tasks pinned to it
     * ({@link ReadyTask#onlyNode()}), or lifts the reservation. Tasks already running there
     * are not affected.
     */
    public void reserveIo(int nodeIndex, boolean on) {
        load.checkNode(nodeIndex);
        load.ioReserved[nodeIndex] = on;
    }

    /** True when the node is alive and could host the request once idle. */
    public boolean canHost(int nodeIndex, ResourceRequest request) {
        load.checkNode(nodeIndex);
        return load.alive[nodeIndex] && NodeLoad.couldEverHost(load.nodes[nodeIndex], request);
    }

    /** True when some live node could host the request once idle. */
    public boolean canEverRun(ResourceRequest request) {
        return pools.poolFor(request).live > 0;
    }

    public int readyCount() {
        return readyCount;
    }

    public int runningCount() {
        return running.size();
    }

    public int nodeCount() {
        return load.size();
    }

    public int liveNodeCount() {
        return load.liveNodes();
    }

    public NodeResources node(int nodeIndex) {
        load.checkNode(nodeIndex);
        return load.nodes[nodeIndex];
    }

    /** Node the task runs on, or -1 if it is not running. */
    public int nodeOf(long taskId) {
        Running r = running.get(taskId);
        return r == null ? backlog.nodeOf(taskId) : r.node;
    }

    public NodeState view(int nodeIndex) {
        load.checkNode(nodeIndex);
        return load.view(nodeIndex);
    }

    private record QueueKey(ResourceRequest request, boolean priority, int excluded, int onlyNode) {
        // written out: see io.braid.engine.analysis.ObjectKey
        @Override
        public boolean equals(Object o) {
            return o instanceof QueueKey k && k.priority == priority && k.excluded == excluded && k.onlyNode == onlyNode
                    && k.request.equals(request);
        }

        @Override
        public int hashCode() {
            return ((request.hashCode() * 31 + Boolean.hashCode(priority)) * 31 + excluded) * 31 + onlyNode;
        }
    }

    private record Running(int node, ResourceRequest request, boolean stream) {
    }
}
