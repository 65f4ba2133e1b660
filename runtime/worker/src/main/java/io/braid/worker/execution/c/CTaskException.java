package io.braid.worker.execution.c;

/**
 * A C task failed without its process dying: the worker library has no such function, the task's
 * definition does not match the IDL, a user type's serialise function failed, ... One line naming
 * the function; the task fails like a Java task that threw (and is retried as any task).
 */
public final class CTaskException extends RuntimeException {
    CTaskException(String message) {
        super(message, null, false, false);
    }

    /** The message alone: the failure report's first line is about C, not this Java class. */
    @Override
    public String toString() {
        return getMessage();
    }
}
