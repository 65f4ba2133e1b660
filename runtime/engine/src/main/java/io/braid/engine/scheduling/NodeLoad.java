package io.braid.engine.scheduling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What each node holds now, for the {@link Scheduler}: its capacity, whether its worker is alive,
 * the cores, I/O executors, memory and storage bandwidth held by the tasks running there, and the
 * {@link NodePool}s it belongs to, kept indexed by its free slots whenever these change.
 *
 * <p>Kept apart from the scheduler's queues so that the fit rules ("never oversubscribe a node")
 * live in one place. Plain arrays indexed by node, no allocation per task.
 */
final class NodeLoad {

    /** Slack for floating-point sums of memory and bandwidth. */
    static final double EPS = 1e-9;

    final NodeResources[] nodes;
    final boolean[] alive;
    /** Stream tasks running per node: such a node takes no backlog. */
    final int[] streamsOn;
    /** Nodes that take only the I/O tasks pinned to them (an auto-constraint learning node). */
    final boolean[] ioReserved;
    private final int[] usedCus;
    private final int[] usedIo;
    private final double[] usedMem;
    private final double[] usedBw;
    private final int[] runningOn;
    private final List<List<NodePool>> poolsOfNode;
    private int liveNodes;

    NodeLoad(List<NodeResources> nodeList) {
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
        poolsOfNode = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            poolsOfNode.add(new ArrayList<>(2));
        }
    }

    int size() {
        return nodes.length;
    }

    int liveNodes() {
        return liveNodes;
    }

    /** Indexes the node in {@code pool} from now on (the pool was just made). */
    void join(int node, NodePool pool) {
        if (alive[node]) {
            pool.set(node, freeSlots(node, pool.io));
            pool.live++;
        }
        poolsOfNode.get(node).add(pool);
    }

    boolean fitsNow(int node, ResourceRequest req) {
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

    boolean fitsBesidesSlots(int node, ResourceRequest req) {
        NodeResources nr = nodes[node];
        double mem = nr.memoryGB();
        if (mem > 0 && req.memoryGB() > 0 && usedMem[node] + req.memoryGB() > mem + EPS) {
            return false;
        }
        double bw = nr.storageBandwidthMBs();
        return !(bw > 0 && req.storageBW() > 0 && usedBw[node] + req.storageBW() > bw + EPS);
    }

    /** A task holding {@code req} starts on the node. */
    void hold(int node, ResourceRequest req) {
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

    /** A task holding {@code req} (a stream task if {@code stream}) left the node. */
    void free(int node, ResourceRequest req, boolean stream) {
        if (stream) {
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
    }

    /** The node's worker died: it leaves the index of every pool. False if it was already dead. */
    boolean remove(int node) {
        if (!alive[node]) {
            return false;
        }
        alive[node] = false;
        liveNodes--;
        for (NodePool p : poolsOfNode.get(node)) {
            p.remove(node);
            p.live--;
        }
        return true;
    }

    /** The node's worker is back: it rejoins the index of every pool it belongs to. */
    void restore(int node) {
        if (alive[node]) {
            return;
        }
        alive[node] = true;
        liveNodes++;
        for (NodePool p : poolsOfNode.get(node)) {
            p.live++;
        }
        reindex(node);
    }

    NodeState view(int node) {
        NodeResources nr = nodes[node];
        double freeMem = nr.memoryGB() == 0 ? Double.POSITIVE_INFINITY : nr.memoryGB() - usedMem[node];
        double freeBw = nr.storageBandwidthMBs() == 0 ? Double.POSITIVE_INFINITY
                : nr.storageBandwidthMBs() - usedBw[node];
        return new NodeState(nr.name(), alive[node], runningOn[node],
                nr.computingUnits() - usedCus[node], freeMem, freeBw, nr.ioExecutors() - usedIo[node],
                usedCus[node], usedMem[node], usedBw[node], usedIo[node]);
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

    void checkNode(int nodeIndex) {
        if (nodeIndex < 0 || nodeIndex >= nodes.length) {
            throw new IndexOutOfBoundsException("no node " + nodeIndex + " (there are " + nodes.length + ")");
        }
    }
}
