package io.braid.worker.execution.python;

import io.braid.worker.execution.taskprocess.TaskProcessDiedException;

/**
 * The Python process running a task ended before replying (os._exit, a segfault in C code, the
 * OOM killer) or could not start: the task fails (and is retried as any task); the executor
 * gets a new process for its next task.
 */
public final class PythonProcessDiedException extends TaskProcessDiedException {
    public PythonProcessDiedException(String message) {
        super(message);
    }
}
