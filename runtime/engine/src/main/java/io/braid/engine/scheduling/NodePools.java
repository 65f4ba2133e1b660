package io.braid.engine.scheduling;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link NodePool} of each request: made on the first use of a request, shared by every
 * request with the same eligible nodes and kind (compute or I/O), so that the free-slot index is
 * kept once per family of requests, not once per request.
 */
final class NodePools {

    private final NodeLoad load;
    private final Map<PoolKey, NodePool> pools = new HashMap<>();
    private final Map<ResourceRequest, NodePool> poolOfRequest = new HashMap<>();

    NodePools(NodeLoad load) {
        this.load = load;
    }

    NodePool poolFor(ResourceRequest req) {
        NodePool pool = poolOfRequest.get(req);
        if (pool != null) {
            return pool;
        }
        NodeResources[] nodes = load.nodes;
        // Membership ignores whether a node is alive, so that a node whose worker comes back
        // (restoreNode) rejoins every pool it belongs to, also those made while it was away.
        BitSet eligible = new BitSet(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            if (NodeLoad.couldEverHost(nodes[i], req)) {
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
                load.join(i, pool);
            }
            pools.put(key, pool);
        }
        poolOfRequest.put(req, pool);
        return pool;
    }

    private record PoolKey(BitSet eligible, boolean io) {
        // written out: see io.braid.engine.analysis.ObjectKey
        @Override
        public boolean equals(Object o) {
            return o instanceof PoolKey k && k.io == io && k.eligible.equals(eligible);
        }

        @Override
        public int hashCode() {
            return 31 * eligible.hashCode() + Boolean.hashCode(io);
        }
    }
}
