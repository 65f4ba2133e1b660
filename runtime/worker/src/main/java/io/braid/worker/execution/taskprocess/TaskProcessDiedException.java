package io.braid.worker.execution.taskprocess;

/**
 * The process running a foreign task ended before replying (a segfault, abort, exit, the OOM
 * killer, a cancellation) or could not start: the task fails (and is retried as any task); the
 * executor gets a new process for its next task.
 */
public class TaskProcessDiedException extends RuntimeException {
    public TaskProcessDiedException(String message) {
        super(message, null, false, false);
    }

    /** The message alone, as the first line of the task's failure report. */
    @Override
    public String toString() {
        return getMessage();
    }
}
