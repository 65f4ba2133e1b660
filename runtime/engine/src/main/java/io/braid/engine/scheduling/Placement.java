package io.braid.engine.scheduling;

/**
 * Where a queue's head task goes: the first of its preferred (data-holding) nodes that fits,
 * otherwise the node with the most free slots among those that fit; or, for prefetching, the
 * node with the shortest backlog that has room. The rules are those of {@link Scheduler}; this
 * class only reads the nodes' load and backlogs, it changes nothing.
 */
final class Placement {

    private final NodeLoad load;
    private final NodeBacklog backlog;
    // The load's arrays (final there), held here too so that a decision reads them directly.
    private final NodeResources[] nodes;
    private final boolean[] alive;
    private final boolean[] ioReserved;
    private final int[] streamsOn;

    Placement(NodeLoad load, NodeBacklog backlog) {
        this.load = load;
        this.backlog = backlog;
        this.nodes = load.nodes;
        this.alive = load.alive;
        this.ioReserved = load.ioReserved;
        this.streamsOn = load.streamsOn;
    }

    /** The node {@code t} (head of {@code q}) can start on now, or -1. */
    int place(TaskQueue q, ReadyTask t) {
        NodePool pool = q.pool;
        if (pool.live == 0) {
            return -1;
        }
        ResourceRequest req = q.request;
        int only = q.onlyNode;
        if (only >= 0 && alive[only]) {
            return pool.member[only] && backlog.isEmpty(only) && load.fitsNow(only, req) ? only : -1;
        }
        int excluded = q.excluded;
        if (excluded >= 0 && (pool.live == 1 && alive[excluded])) {
            excluded = -1; // the only node that could ever host it: use it anyway
        }
        int n = nodes.length;
        for (int p : t.preferredNodes()) {
            if (p >= 0 && p < n && p != excluded && pool.member[p] && alive[p] && backlog.isEmpty(p)
                    && !(req.ioTask() && ioReserved[p]) && load.fitsNow(p, req)) {
                return p;
            }
        }
        int need = req.ioTask() ? 1 : req.computingUnits();
        for (int k = pool.maxKey(); k >= need; k--) {
            for (int node = pool.first(k); node >= 0; node = pool.next(node)) {
                if (node != excluded && backlog.isEmpty(node) && !(req.ioTask() && ioReserved[node])
                        && load.fitsBesidesSlots(node, req)) {
                    return node;
                }
            }
        }
        return -1;
    }

    /** The live, allowed node of the queue's pool with the shortest backlog that has room, or -1. */
    int placeInBacklog(TaskQueue q, int prefetchPerCu) {
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

    /** Only tasks limited by computing units alone are prefetched (the worker enforces those). */
    static boolean prefetchable(ResourceRequest r) {
        return !r.ioTask() && r.memoryGB() == 0 && r.storageBW() == 0;
    }
}
