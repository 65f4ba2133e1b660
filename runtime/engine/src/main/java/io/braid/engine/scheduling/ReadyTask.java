package io.braid.engine.scheduling;

import java.util.Objects;

/**
 * A task whose inputs are all available, waiting for a node.
 *
 * @param taskId         unique id; increasing ids mean later submission (FIFO order)
 * @param request        what the task needs
 * @param priority       priority tasks (e.g. stream producers) go before all others
 * @param preferredNodes node indexes holding the task's input data, best first (may be empty)
 * @param excludedNode   node to avoid (a retry "on another resource"), -1 = none; it is used
 *                       anyway when it is the only node that could ever host the task
 * @param stream         the task takes a stream parameter: it may wait on other tasks while it
 *                       runs, so it is never prefetched (only sent into a free slot) and no task
 *                       is queued on its node's worker while it runs there
 */
public record ReadyTask(long taskId, ResourceRequest request, boolean priority,
                        int[] preferredNodes, int excludedNode, boolean stream) {

    private static final int[] NONE = new int[0];

    public ReadyTask {
        Objects.requireNonNull(request, "request");
        if (preferredNodes == null) {
            preferredNodes = NONE;
        }
        if (excludedNode < -1) {
            throw new IllegalArgumentException("excludedNode must be -1 or a node index, got " + excludedNode);
        }
    }

    /** A task without stream parameters. */
    public ReadyTask(long taskId, ResourceRequest request, boolean priority, int[] preferredNodes, int excludedNode) {
        this(taskId, request, priority, preferredNodes, excludedNode, false);
    }

    /** A plain task: no priority, no locality, no exclusion, no streams. */
    public ReadyTask(long taskId, ResourceRequest request) {
        this(taskId, request, false, NONE, -1, false);
    }
}
