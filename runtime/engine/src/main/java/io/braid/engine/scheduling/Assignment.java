package io.braid.engine.scheduling;

/** A scheduling decision: ready task {@code taskId} starts on node {@code nodeIndex}. */
public record Assignment(long taskId, int nodeIndex) {
}
