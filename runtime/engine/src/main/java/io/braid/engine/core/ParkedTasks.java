package io.braid.engine.core;

import io.braid.engine.analysis.LongObjMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Which task is parked behind which on its producer's worker (chaining ahead, {@link ChainAhead}):
 * linear chains, at most one task behind each, each chain at most {@code maxDepth} parked tasks
 * long. Pure state, on the core thread.
 */
final class ParkedTasks {
    private final int maxDepth;
    /** Parked task -> the task it follows. */
    private final LongObjMap<Long> after = new LongObjMap<>();
    /** Task -> the task parked behind it. */
    private final LongObjMap<Long> behind = new LongObjMap<>();

    /** {@code maxDepth}: parked tasks per chain; 0 parks none. */
    ParkedTasks(int maxDepth) {
        this.maxDepth = Math.max(0, maxDepth);
    }

    boolean enabled() {
        return maxDepth > 0;
    }

    boolean isParked(long taskId) {
        return after.containsKey(taskId);
    }

    int size() {
        return after.size();
    }

    /** Whether a task may be parked behind {@code producer}: none is yet, and its chain is not full. */
    boolean roomBehind(long producer) {
        if (maxDepth == 0 || behind.containsKey(producer)) {
            return false;
        }
        int depth = 0;
        for (Long p = producer; p != null; p = after.get(p)) {
            if (after.containsKey(p) && ++depth >= maxDepth) {
                return false;
            }
        }
        return true;
    }

    void park(long task, long producer) {
        after.put(task, producer);
        behind.put(producer, task);
    }

    /** The task parked behind {@code producer}, or -1. */
    long behind(long producer) {
        Long t = behind.get(producer);
        return t == null ? -1 : t;
    }

    /** {@code producer} ended and its worker started {@code task} on its units; false if it was not parked behind it. */
    boolean handedOff(long producer, long task) {
        Long p = after.get(task);
        if (p == null || p != producer) {
            return false;
        }
        after.remove(task);
        behind.remove(producer);
        return true;
    }

    /** Un-parks {@code task} and every task parked behind it, transitively; returns them in chain order. */
    List<Long> unparkFrom(long task) {
        Long p = after.remove(task);
        if (p == null) {
            return List.of();
        }
        behind.remove(p);
        List<Long> out = new ArrayList<>();
        for (Long t = task; t != null; t = behind.remove(t)) {
            after.remove(t);
            out.add(t);
        }
        return out;
    }

    /** Un-parks what is parked behind {@code producer}, transitively (it failed, or ended without a hand-off). */
    List<Long> unparkBehind(long producer) {
        long t = behind(producer);
        return t < 0 ? List.of() : unparkFrom(t);
    }
}
