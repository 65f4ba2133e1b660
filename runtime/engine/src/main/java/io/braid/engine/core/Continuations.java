package io.braid.engine.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What waits for tasks to end: a main-program call waiting for one task or several, a barrier
 * waiting until no task is pending. Runs each waiter once, on the core thread, when its tasks
 * have ended. A stopped run forgets them all (the main program hears of the failure instead).
 */
final class Continuations {
    /** The pending tasks by id (the core's table; a task is pending while it is in it). */
    private final Map<Long, TaskRecord> pending;
    private final Map<Long, List<Runnable>> onTaskEnd = new HashMap<>();
    private final List<Runnable> onIdle = new ArrayList<>();

    Continuations(Map<Long, TaskRecord> pending) {
        this.pending = pending;
    }

    /** Runs {@code r} once task {@code taskId} has ended (at once if it has). */
    void whenTaskEnds(long taskId, Runnable r) {
        if (taskId == 0 || !pending.containsKey(taskId)) {
            r.run();
        } else {
            onTaskEnd.computeIfAbsent(taskId, k -> new ArrayList<>()).add(r);
        }
    }

    /** Runs {@code r} once every task of {@code taskIds} has ended (at once if they have). */
    void whenTasksEnd(List<Long> taskIds, Runnable r) {
        int[] left = {taskIds.size() + 1};
        Runnable one = () -> {
            if (--left[0] == 0) {
                r.run();
            }
        };
        for (long id : taskIds) {
            whenTaskEnds(id, one);
        }
        one.run();
    }

    /** Runs {@code r} once no task is pending (at once if none is). */
    void whenIdle(Runnable r) {
        onIdle.add(r);
        checkIdle();
    }

    /** Task {@code taskId} has ended (well or not): its waiters run. */
    void taskEnded(long taskId) {
        List<Runnable> rs = onTaskEnd.remove(taskId);
        if (rs != null) {
            rs.forEach(Runnable::run);
        }
    }

    /** Runs the barrier waiters if no task is pending. */
    void checkIdle() {
        if (pending.isEmpty() && !onIdle.isEmpty()) {
            List<Runnable> rs = new ArrayList<>(onIdle);
            onIdle.clear();
            rs.forEach(Runnable::run);
        }
    }

    /** The run stopped: no waiter will run. */
    void clear() {
        onTaskEnd.clear();
        onIdle.clear();
    }
}
