package io.braid.streams.internals.server;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link LoopClock} moved by the test ({@link #advance}): a timer of the server fires when the
 * test says its time has come, never because a test thread slept.
 */
public final class ManualClock implements LoopClock {

    private long now = 1_000_000;
    private final List<Task> tasks = new ArrayList<>();

    private final class Task implements Timeout {
        final long due;
        final Runnable run;
        boolean cancelled;

        Task(long due, Runnable run) {
            this.due = due;
            this.run = run;
        }

        @Override
        public void cancel() {
            synchronized (ManualClock.this) {
                cancelled = true;
                tasks.remove(this);
            }
        }
    }

    @Override
    public synchronized long nowMs() {
        return now;
    }

    @Override
    public synchronized Timeout schedule(Runnable task, long delayMs) {
        Task t = new Task(now + Math.max(0, delayMs), task);
        tasks.add(t);
        return t;
    }

    /** Timers not cancelled and not run yet. */
    public synchronized int pending() {
        return tasks.size();
    }

    /** Moves the time forward by {@code ms} and runs (on this thread) every timer due by then, in time order. */
    public void advance(long ms) {
        long target;
        synchronized (this) {
            target = now + ms;
        }
        while (true) {
            Task next = null;
            synchronized (this) {
                for (Task t : tasks) {
                    if (t.due <= target && (next == null || t.due < next.due)) {
                        next = t;
                    }
                }
                if (next == null) {
                    now = target;
                    return;
                }
                tasks.remove(next);
                now = Math.max(now, next.due);
            }
            next.run.run();
        }
    }
}
