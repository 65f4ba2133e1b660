package io.braid.worker.execution.python;

/**
 * The Python process running a task ended before replying (os._exit, a segfault in C code, the
 * OOM killer) or could not start: the task fails (and is retried as any task); the executor
 * gets a new process for its next task.
 */
public final class PythonProcessDiedException extends RuntimeException {
    public PythonProcessDiedException(String message) {
        super(message, null, false, false);
    }

    /** The message alone, as the first line of the task's failure report. */
    @Override
    public String toString() {
        return getMessage();
    }
}
