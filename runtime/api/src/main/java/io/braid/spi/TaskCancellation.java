package io.braid.spi;

/**
 * The cancellation flag of the task a worker thread runs: the worker sets it when the task runs
 * past its time-out or is cancelled, and {@link io.braid.api.BraidWorker#cancellationPoint()}
 * reads it. Threads a task starts inherit its flag. Not for application code.
 */
public final class TaskCancellation {
    private static final InheritableThreadLocal<TaskCancellation> CURRENT = new InheritableThreadLocal<>();

    private volatile String reason;
    private Runnable onCancel;

    /** Makes {@code c} the flag of the calling thread (and of the threads it starts); null clears it. */
    public static void bind(TaskCancellation c) {
        if (c == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(c);
        }
    }

    /** Why the calling thread's task was cancelled, or null when it was not (or the thread runs no task). */
    public static String reasonForCurrentThread() {
        TaskCancellation c = CURRENT.get();
        return c == null ? null : c.reason;
    }

    /** The calling thread's flag, or null when it runs no task. */
    public static TaskCancellation current() {
        return CURRENT.get();
    }

    /** Marks the task cancelled; the first reason stays. Runs the {@link #onCancel} action, if any. */
    public void cancel(String why) {
        Runnable action;
        synchronized (this) {
            if (reason == null) {
                reason = why;
            }
            action = onCancel;
        }
        if (action != null) {
            action.run();
        }
    }

    /**
     * What cancelling must do besides setting the flag, for a task that runs outside the JVM (a
     * Python process to kill): run at once if the task is cancelled already; null removes it.
     */
    public void onCancel(Runnable action) {
        boolean now;
        synchronized (this) {
            onCancel = action;
            now = action != null && reason != null;
        }
        if (now) {
            action.run();
        }
    }

    public boolean cancelled() {
        return reason != null;
    }

    public String reason() {
        return reason;
    }
}
