package io.braid.engine.scheduling;

import io.braid.engine.analysis.LongObjMap;

import java.util.ArrayDeque;

/**
 * Tasks sent ahead to a node's worker that wait there for free computing units (prefetching, so
 * short tasks do not each pay a master round trip). The worker starts its waiting tasks in
 * arrival order whenever the head fits; this class keeps the same order so that the scheduler
 * can mirror the worker exactly.
 */
final class NodeBacklog {
    private final ArrayDeque<Waiting>[] perNode;
    private final LongObjMap<Integer> nodeOf = new LongObjMap<>();

    @SuppressWarnings("unchecked")
    NodeBacklog(int nodes) {
        perNode = new ArrayDeque[nodes];
        for (int i = 0; i < nodes; i++) {
            perNode[i] = new ArrayDeque<>();
        }
    }

    int size(int node) {
        return perNode[node].size();
    }

    boolean isEmpty(int node) {
        return perNode[node].isEmpty();
    }

    int total() {
        return nodeOf.size();
    }

    void add(int node, long taskId, ResourceRequest request) {
        perNode[node].addLast(new Waiting(taskId, request));
        nodeOf.put(taskId, node);
    }

    Waiting peek(int node) {
        return perNode[node].peekFirst();
    }

    Waiting poll(int node) {
        Waiting w = perNode[node].pollFirst();
        if (w != null) {
            nodeOf.remove(w.taskId());
        }
        return w;
    }

    /** Node where the task waits, or -1. */
    int nodeOf(long taskId) {
        Integer n = nodeOf.get(taskId);
        return n == null ? -1 : n;
    }

    /** Drops a waiting task (its worker is gone); false if it was not waiting. */
    boolean remove(long taskId) {
        Integer n = nodeOf.remove(taskId);
        return n != null && perNode[n].removeIf(w -> w.taskId() == taskId);
    }

    record Waiting(long taskId, ResourceRequest request) {
    }
}
