package io.braid.engine.core;

import io.braid.engine.analysis.LongObjMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Which task is parked behind which on its producer's worker (chaining ahead, {@link ChainAhead}):
 * linear chains, at most one task behind each, each chain at most {@code maxDepth} parked tasks
 * long. Pure state, on the core thread; every operation but un-parking is O(1), so that a fresh
 * run's chain (code still interpreted) pays little for it.
 */
final class ParkedTasks {
    private final int maxDepth;
    /** Parked task -> its place in its chain. */
    private final LongObjMap<Link> links = new LongObjMap<>();
    /** Task -> the task parked behind it. */
    private final LongObjMap<Long> behind = new LongObjMap<>();
    /** Running head of a chain (not parked itself) -> its chain. */
    private final LongObjMap<Chain> heads = new LongObjMap<>();

    /** A chain: the position of its running head, and its last task. */
    private static final class Chain {
        int head;
        long tail;
    }

    /** A parked task: the task it follows, its chain, its position in it. */
    private record Link(long producer, Chain chain, int index) {
    }

    /** {@code maxDepth}: parked tasks per chain; 0 parks none. */
    ParkedTasks(int maxDepth) {
        this.maxDepth = Math.max(0, maxDepth);
    }

    boolean enabled() {
        return maxDepth > 0;
    }

    boolean isParked(long taskId) {
        return links.containsKey(taskId);
    }

    int size() {
        return links.size();
    }

    /** Whether a task may be parked behind {@code producer}: none is yet, and its chain is not full. */
    boolean roomBehind(long producer) {
        if (maxDepth == 0 || behind.containsKey(producer)) {
            return false;
        }
        Link l = links.get(producer);
        return l == null || l.index - l.chain.head < maxDepth;
    }

    void park(long task, long producer) {
        Link pl = links.get(producer);
        Chain c;
        int index;
        if (pl != null) {
            c = pl.chain;
            index = pl.index + 1;
        } else {
            c = heads.get(producer);
            if (c == null) {
                c = new Chain();
                heads.put(producer, c);
            }
            index = c.head + 1;
        }
        c.tail = task;
        links.put(task, new Link(producer, c, index));
        behind.put(producer, task);
    }

    /** The task parked behind {@code producer}, or -1. */
    long behind(long producer) {
        Long t = behind.get(producer);
        return t == null ? -1 : t;
    }

    /**
     * {@code producer} ended and its worker started {@code task} on its units; returns the chain's
     * last task (where it may grow), or -1 when {@code task} was not parked behind it.
     */
    long handedOff(long producer, long task) {
        Link l = links.get(task);
        if (l == null || l.producer != producer) {
            return -1;
        }
        links.remove(task);
        behind.remove(producer);
        heads.remove(producer);
        l.chain.head = l.index;
        heads.put(task, l.chain);
        return l.chain.tail;
    }

    /** Un-parks {@code task} and every task parked behind it, transitively; returns them in chain order. */
    List<Long> unparkFrom(long task) {
        Link l = links.remove(task);
        if (l == null) {
            return List.of();
        }
        behind.remove(l.producer);
        if (links.containsKey(l.producer)) {
            l.chain.tail = l.producer;
        } else {
            heads.remove(l.producer); // nothing parked behind the head any more
        }
        List<Long> out = new ArrayList<>();
        out.add(task);
        for (Long t = behind.remove(task); t != null; t = behind.remove(t)) {
            links.remove(t);
            out.add(t);
        }
        return out;
    }

    /** Un-parks what is parked behind {@code producer}, transitively (it ended without a hand-off). */
    List<Long> unparkBehind(long producer) {
        long t = behind(producer);
        heads.remove(producer);
        return t < 0 ? List.of() : unparkFrom(t);
    }

    /** Chains with a running head (for tests: 0 once nothing is parked). */
    int chainCount() {
        return heads.size();
    }
}
