package io.braid.engine.scheduling;

/**
 * The live nodes that could ever host one family of requests (same eligible set, same kind:
 * compute or I/O), indexed by their free slots (free cores for compute pools, free I/O executors
 * for I/O pools) so that a decision looks at the emptiest nodes first without scanning the pool.
 *
 * <p>Nodes sit in buckets by free-slot count; each bucket is an intrusive doubly-linked list,
 * appended at the tail, so nodes with equal free slots are used round-robin. Every operation is
 * O(1) except finding the new maximum after the top bucket empties (bounded by the largest node).
 */
final class NodePool {

    final boolean io;
    /** member[i]: node i could ever host this pool's requests (as of when it was alive). */
    final boolean[] member;
    /** Members still alive. */
    int live;

    private final int[] bucketHead;
    private final int[] bucketTail;
    private final int[] next;
    private final int[] prev;
    /** Current bucket of each node, -1 when not indexed (not a member, or dead). */
    private final int[] key;
    private int max = -1;

    NodePool(boolean io, boolean[] member, int maxKey) {
        this.io = io;
        this.member = member;
        int n = member.length;
        bucketHead = new int[maxKey + 1];
        bucketTail = new int[maxKey + 1];
        java.util.Arrays.fill(bucketHead, -1);
        java.util.Arrays.fill(bucketTail, -1);
        next = new int[n];
        prev = new int[n];
        key = new int[n];
        java.util.Arrays.fill(key, -1);
    }

    /** Highest free-slot count among indexed nodes, -1 when none. */
    int maxKey() {
        return max;
    }

    int first(int bucket) {
        return bucketHead[bucket];
    }

    int next(int node) {
        return next[node];
    }

    /** Puts {@code node} in bucket {@code k}, moving it if it was elsewhere. */
    void set(int node, int k) {
        if (key[node] == k) {
            return;
        }
        if (key[node] >= 0) {
            remove(node);
        }
        k = Math.min(Math.max(k, 0), bucketHead.length - 1);
        key[node] = k;
        next[node] = -1;
        prev[node] = bucketTail[k];
        if (bucketTail[k] >= 0) {
            next[bucketTail[k]] = node;
        } else {
            bucketHead[k] = node;
        }
        bucketTail[k] = node;
        if (k > max) {
            max = k;
        }
    }

    void remove(int node) {
        int k = key[node];
        if (k < 0) {
            return;
        }
        int p = prev[node];
        int nx = next[node];
        if (p >= 0) {
            next[p] = nx;
        } else {
            bucketHead[k] = nx;
        }
        if (nx >= 0) {
            prev[nx] = p;
        } else {
            bucketTail[k] = p;
        }
        key[node] = -1;
        while (max >= 0 && bucketHead[max] < 0) {
            max--;
        }
    }
}
