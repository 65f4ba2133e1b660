package io.braid.engine.analysis;

import java.util.Arrays;

/**
 * A pending task in the {@link TaskGraph}: how many writers it still waits for, and who waits for
 * it. One small object per pending task, dropped when the task finishes.
 */
final class TaskNode {
    private static final TaskNode[] NONE = new TaskNode[0];

    final long id;
    int unfinishedPreds;
    int successorCount;
    TaskNode[] successors = NONE;
    boolean dead;
    /** Stream ids the task writes and reads; null for a task without stream parameters. */
    String[] streamsWritten;
    String[] streamsRead;

    TaskNode(long id) {
        this.id = id;
    }

    /** Adds {@code s} unless it is already the last successor (a task reading two of our outputs). */
    boolean addSuccessor(TaskNode s) {
        if (successorCount > 0 && successors[successorCount - 1] == s) {
            return false;
        }
        if (successorCount == successors.length) {
            successors = Arrays.copyOf(successors, successorCount == 0 ? 2 : successorCount * 2);
        }
        successors[successorCount++] = s;
        return true;
    }
}
