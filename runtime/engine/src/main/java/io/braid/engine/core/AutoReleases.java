package io.braid.engine.core;

import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.Scheduler;

import java.util.HashMap;
import java.util.Map;

/**
 * The tasks of auto types that {@link AutoConstraints} gave to the scheduler: each with its type,
 * the bandwidth it holds and the epoch it belongs to, and each type's count of such tasks
 * (queued, in flight, on other nodes while it learns).
 */
final class AutoReleases {
    /** Epoch serial of the tasks a learning type runs on other nodes. */
    static final int ELSEWHERE = -2;

    /** A task given to the scheduler: its type, the bandwidth it holds, its epoch serial. */
    record Released(AutoType type, double constraint, int epochSerial) {
    }

    private final Scheduler scheduler;
    private final Map<Long, Released> released = new HashMap<>();

    AutoReleases(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Gives the task to the scheduler at {@code constraint}, pinned to {@code onlyNode} (-1: any). */
    void give(AutoType a, ReadyTask t, double constraint, int onlyNode, int epochSerial) {
        scheduler.addReady(t.with(LearningNodes.request(a, constraint), onlyNode));
        released.put(t.taskId(), new Released(a, constraint, epochSerial));
        a.queued.add(t.taskId());
        a.inFlight++;
    }

    /** The scheduler started the task. */
    void dispatched(long taskId) {
        Released r = released.get(taskId);
        if (r != null) {
            r.type.queued.remove(taskId);
        }
    }

    /** The task ended: forgets it and returns what it was given, or null for a task of no auto type. */
    Released ended(long taskId) {
        Released r = released.remove(taskId);
        if (r == null) {
            return null;
        }
        AutoType a = r.type;
        a.inFlight--;
        if (r.epochSerial == ELSEWHERE) {
            a.elsewhere--;
        }
        a.queued.remove(taskId);
        return r;
    }
}
