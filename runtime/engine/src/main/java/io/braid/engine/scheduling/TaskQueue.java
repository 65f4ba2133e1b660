package io.braid.engine.scheduling;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;

/** FIFO of ready tasks sharing (request, priority, excluded node, only node). */
final class TaskQueue {
    static final Comparator<TaskQueue> ORDER = (a, b) -> {
        if (a.priority != b.priority) {
            return a.priority ? -1 : 1;
        }
        return Long.compare(a.peek().taskId(), b.peek().taskId());
    };

    final ResourceRequest request;
    final NodePool pool;
    final boolean priority;
    final int excluded;
    /** The only node the tasks may run on (while it lives), -1 = any. */
    final int onlyNode;
    /** Tasks in id order (the normal case: ids only grow). */
    private final ArrayDeque<ReadyTask> fifo = new ArrayDeque<>();
    /** Tasks that arrived after a later id (resubmissions); created on first use. */
    private PriorityQueue<ReadyTask> late;

    TaskQueue(ResourceRequest request, NodePool pool, boolean priority, int excluded, int onlyNode) {
        this.request = request;
        this.pool = pool;
        this.priority = priority;
        this.excluded = excluded;
        this.onlyNode = onlyNode;
    }

    boolean isEmpty() {
        return fifo.isEmpty() && (late == null || late.isEmpty());
    }

    void add(ReadyTask t) {
        if (fifo.isEmpty() || fifo.peekLast().taskId() < t.taskId()) {
            fifo.addLast(t);
        } else {
            if (late == null) {
                late = new PriorityQueue<>(Comparator.comparingLong(ReadyTask::taskId));
            }
            late.add(t);
        }
    }

    ReadyTask peek() {
        ReadyTask a = fifo.peekFirst();
        if (late == null || late.isEmpty()) {
            return a;
        }
        ReadyTask b = late.peek();
        return a == null || b.taskId() < a.taskId() ? b : a;
    }

    ReadyTask poll() {
        ReadyTask head = peek();
        if (head == fifo.peekFirst()) {
            fifo.pollFirst();
        } else {
            late.poll();
        }
        return head;
    }
}
