package io.braid.engine.scheduling;

/**
 * A scheduling decision: ready task {@code taskId} starts on node {@code nodeIndex}, with its
 * implementation {@code implementation} (index into the task's alternatives; 0 when it has one).
 */
public record Assignment(long taskId, int nodeIndex, int implementation) {

    /** A task with a single implementation. */
    public Assignment(long taskId, int nodeIndex) {
        this(taskId, nodeIndex, 0);
    }
}
