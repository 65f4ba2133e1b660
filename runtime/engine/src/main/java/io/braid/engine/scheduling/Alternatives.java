package io.braid.engine.scheduling;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The queue entries of tasks with several implementations. Such a task waits in the queue of each
 * implementation's request at once; the first entry that gets a node wins and the others turn
 * stale, to be dropped when they reach the head of their queue (no queue is searched).
 */
final class Alternatives {
    /** Live entries of each waiting multi-implementation task. */
    private final Map<Long, List<ReadyTask>> waiting = new HashMap<>();
    /** Entries still queued whose task already started with another implementation. */
    private final Set<ReadyTask> stale = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Records the entries (one per implementation) of a task just queued. */
    void queued(long taskId, List<ReadyTask> entries) {
        waiting.put(taskId, entries);
    }

    /** Whether the task of {@code entry} waits in several queues (never prefetched then). */
    boolean isAlternative(ReadyTask entry) {
        return !waiting.isEmpty() && waiting.containsKey(entry.taskId());
    }

    /** True (and forgets it) when {@code entry} lost to a sibling: drop it from its queue. */
    boolean dropIfStale(ReadyTask entry) {
        return !stale.isEmpty() && stale.remove(entry);
    }

    /** {@code entry} got a node: its siblings turn stale. */
    void started(ReadyTask entry) {
        if (waiting.isEmpty()) {
            return; // the common case: no task has several implementations
        }
        List<ReadyTask> entries = waiting.remove(entry.taskId());
        if (entries == null) {
            return;
        }
        for (ReadyTask e : entries) {
            if (e != entry) {
                stale.add(e);
            }
        }
    }
}
