package io.braid.engine.scheduling;

import java.util.List;
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
 * @param onlyNode       the only node the task may run on, -1 = any (an auto-constraint learning
 *                       epoch); if that node is lost, any node will do
 * @param alternatives   for a task with several implementations, the request of each, in order
 *                       (the scheduler runs it with the first one it finds room for); empty otherwise
 * @param implementation the index of {@code request} among the alternatives (0 without any)
 */
public record ReadyTask(long taskId, ResourceRequest request, boolean priority,
                        int[] preferredNodes, int excludedNode, boolean stream, int onlyNode,
                        List<ResourceRequest> alternatives, int implementation) {

    private static final int[] NONE = new int[0];

    public ReadyTask {
        Objects.requireNonNull(request, "request");
        if (preferredNodes == null) {
            preferredNodes = NONE;
        }
        if (excludedNode < -1) {
            throw new IllegalArgumentException("excludedNode must be -1 or a node index, got " + excludedNode);
        }
        if (onlyNode < -1) {
            throw new IllegalArgumentException("onlyNode must be -1 or a node index, got " + onlyNode);
        }
        alternatives = alternatives == null ? List.of() : List.copyOf(alternatives);
    }

    /** A task with one implementation. */
    public ReadyTask(long taskId, ResourceRequest request, boolean priority, int[] preferredNodes, int excludedNode,
                     boolean stream, int onlyNode) {
        this(taskId, request, priority, preferredNodes, excludedNode, stream, onlyNode, List.of(), 0);
    }

    /** The same task with several implementations needing {@code requests} (2 or more). */
    public ReadyTask withAlternatives(List<ResourceRequest> requests) {
        return new ReadyTask(taskId, requests.get(0), priority, preferredNodes, excludedNode, stream, onlyNode,
                requests, 0);
    }

    /** The queue entry of alternative {@code index}: that request, no further alternatives. */
    ReadyTask alternative(int index) {
        return new ReadyTask(taskId, alternatives.get(index), priority, preferredNodes, excludedNode, stream, onlyNode,
                List.of(), index);
    }

    /** A task that may run on any node. */
    public ReadyTask(long taskId, ResourceRequest request, boolean priority, int[] preferredNodes, int excludedNode,
                     boolean stream) {
        this(taskId, request, priority, preferredNodes, excludedNode, stream, -1);
    }

    /** A task without stream parameters. */
    public ReadyTask(long taskId, ResourceRequest request, boolean priority, int[] preferredNodes, int excludedNode) {
        this(taskId, request, priority, preferredNodes, excludedNode, false, -1);
    }

    /** A plain task: no priority, no locality, no exclusion, no streams. */
    public ReadyTask(long taskId, ResourceRequest request) {
        this(taskId, request, false, NONE, -1, false, -1);
    }

    /** The same task needing {@code r} and allowed only on {@code node} (-1 = any). */
    public ReadyTask with(ResourceRequest r, int node) {
        return new ReadyTask(taskId, r, priority, preferredNodes, excludedNode, stream, node);
    }
}
