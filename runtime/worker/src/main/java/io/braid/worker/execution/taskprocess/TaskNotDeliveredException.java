package io.braid.worker.execution.taskprocess;

/**
 * The process was gone before it got the task: the request could not be written (its pipe was
 * closed: it died between tasks, e.g. by SIGKILL, and the JVM had not reaped it yet when the
 * task came). The task never started, so {@link TaskProcesses} sends it again to a new process
 * instead of failing it.
 */
public final class TaskNotDeliveredException extends TaskProcessDiedException {
    public TaskNotDeliveredException(String message) {
        super(message);
    }
}
