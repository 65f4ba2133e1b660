package io.braid.engine.data;

import java.util.HashMap;
import java.util.Map;

/**
 * Which nodes hold each data version (by name). Node indexes are the scheduler's; {@link #MASTER}
 * is the master. Core thread only.
 */
public final class DataLocations {
    public static final int MASTER = -1;
    private static final int[] NONE = new int[0];

    private final Map<String, int[]> holders = new HashMap<>();
    private final Map<String, Long> sizes = new HashMap<>();

    public void add(String dataName, int node, long sizeBytes) {
        int[] cur = holders.getOrDefault(dataName, NONE);
        for (int n : cur) {
            if (n == node) {
                return;
            }
        }
        int[] next = java.util.Arrays.copyOf(cur, cur.length + 1);
        next[cur.length] = node;
        holders.put(dataName, next);
        if (sizeBytes >= 0) {
            sizes.put(dataName, sizeBytes);
        }
    }

    public int[] holders(String dataName) {
        return holders.getOrDefault(dataName, NONE);
    }

    public boolean isHeldBy(String dataName, int node) {
        for (int n : holders(dataName)) {
            if (n == node) {
                return true;
            }
        }
        return false;
    }

    public long size(String dataName) {
        return sizes.getOrDefault(dataName, 0L);
    }

    /** Forgets every copy of the version; returns the nodes that held it. */
    public int[] remove(String dataName) {
        sizes.remove(dataName);
        int[] had = holders.remove(dataName);
        return had == null ? NONE : had;
    }

    /**
     * Forgets the workers' copies of the version, keeping the master's; returns the workers that
     * held it.
     */
    public int[] removeWorkers(String dataName) {
        int[] had = holders.getOrDefault(dataName, NONE);
        if (indexOf(had, MASTER) < 0) {
            remove(dataName);
            return had;
        }
        holders.put(dataName, new int[] {MASTER});
        int[] workers = new int[had.length - 1];
        int n = 0;
        for (int h : had) {
            if (h != MASTER) {
                workers[n++] = h;
            }
        }
        return workers;
    }

    /**
     * A node is gone: forget its copies. Returns how many versions were left with no copy at all.
     * A pass over every version, allocating only for those the node held (a node loss is rare; an
     * index by node would cost every {@link #add} on the hot path).
     */
    public int removeNode(int node) {
        int lost = 0;
        var it = holders.entrySet().iterator();
        while (it.hasNext()) {
            var e = it.next();
            int[] cur = e.getValue();
            int at = indexOf(cur, node);
            if (at < 0) {
                continue;
            }
            if (cur.length == 1) {
                lost++;
                it.remove();
            } else {
                int[] next = new int[cur.length - 1];
                System.arraycopy(cur, 0, next, 0, at);
                System.arraycopy(cur, at + 1, next, at, cur.length - at - 1);
                e.setValue(next);
            }
        }
        return lost;
    }

    private static int indexOf(int[] nodes, int node) {
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] == node) {
                return i;
            }
        }
        return -1;
    }

}
