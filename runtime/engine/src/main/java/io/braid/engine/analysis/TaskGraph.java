package io.braid.engine.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;

/**
 * The pending part of the task graph for the {@link TaskAnalyser}: a {@link TaskNode} per task
 * that has neither finished nor failed, the tasks that failed for good (or depend on one), and
 * the pending producers and consumers of each stream. It releases successors when a task
 * finishes and dooms them when one fails for good; building edges is the analyser's job.
 */
final class TaskGraph {

    private final LongObjMap<TaskNode> pending = new LongObjMap<>();
    /** Tasks that failed for good or can never run. Rare, so boxed. */
    private final HashSet<Long> dead = new HashSet<>();
    private final StreamUsers streamUsers = new StreamUsers();

    /** The pending task's node, or null. */
    TaskNode pending(long taskId) {
        return pending.get(taskId);
    }

    int pendingCount() {
        return pending.size();
    }

    /** A registered task waits for its predecessors; it uses {@code streamsWritten/Read} (maybe empty). */
    void addPending(TaskNode node, List<String> streamsWritten, List<String> streamsRead) {
        pending.put(node.id, node);
        if (!streamsWritten.isEmpty() || !streamsRead.isEmpty()) {
            node.streamsWritten = streamsWritten.toArray(new String[0]);
            node.streamsRead = streamsRead.toArray(new String[0]);
            streamUsers.add(node.id, node.streamsWritten, node.streamsRead);
        }
    }

    /** A registered task can never run (it reads what a failed task would have written). */
    void addBlocked(TaskNode node) {
        // Writers it waits on may still list it; the dead flag makes them skip it.
        node.dead = true;
        dead.add(node.id);
    }

    /** See {@link TaskAnalyser#taskFinished}. */
    List<Long> finished(long taskId) {
        TaskNode node = pending.remove(taskId);
        if (node == null) {
            throw new IllegalStateException("task " + taskId + " is not pending");
        }
        forgetStreams(node);
        TaskNode[] succ = node.successors;
        int count = node.successorCount;
        node.successors = null;
        if (count == 0) {
            return List.of();
        }
        // Successors were appended as they registered, so they are already in id order.
        List<Long> ready = null;
        for (int i = 0; i < count; i++) {
            TaskNode s = succ[i];
            if (!s.dead && --s.unfinishedPreds == 0) {
                if (ready == null) {
                    ready = new ArrayList<>(count - i);
                }
                ready.add(s.id);
            }
        }
        return ready == null ? List.of() : ready;
    }

    /** See {@link TaskAnalyser#taskFailedForGood}. */
    List<Long> failedForGood(long taskId) {
        TaskNode node = pending.remove(taskId);
        if (node == null) {
            throw new IllegalStateException("task " + taskId + " is not pending");
        }
        node.dead = true;
        dead.add(taskId);
        forgetStreams(node);
        List<Long> doomed = new ArrayList<>();
        ArrayDeque<TaskNode> todo = new ArrayDeque<>();
        todo.push(node);
        while (!todo.isEmpty()) {
            TaskNode t = todo.pop();
            for (int i = 0; i < t.successorCount; i++) {
                TaskNode s = t.successors[i];
                if (!s.dead) {
                    s.dead = true;
                    pending.remove(s.id);
                    dead.add(s.id);
                    doomed.add(s.id);
                    forgetStreams(s);
                    todo.push(s);
                }
            }
            t.successors = null;
            t.successorCount = 0;
        }
        Collections.sort(doomed);
        return doomed;
    }

    boolean isDead(long taskId) {
        return !dead.isEmpty() && dead.contains(taskId);
    }

    List<Long> producers(String streamId) {
        return streamUsers.producers(streamId);
    }

    List<Long> consumers(String streamId) {
        return streamUsers.consumers(streamId);
    }

    int streamCount() {
        return streamUsers.size();
    }

    private void forgetStreams(TaskNode node) {
        if (node.streamsWritten != null) {
            streamUsers.remove(node.id, node.streamsWritten, node.streamsRead);
            node.streamsWritten = null;
            node.streamsRead = null;
        }
    }
}
