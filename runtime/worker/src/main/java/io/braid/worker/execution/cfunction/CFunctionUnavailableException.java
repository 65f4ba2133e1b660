package io.braid.worker.execution.cfunction;

import io.braid.worker.execution.PermanentTaskFailure;

/**
 * A C function task's library cannot be loaded or lacks its symbol: one line naming both. A
 * {@link PermanentTaskFailure}: running the task again would fail the same way.
 */
public final class CFunctionUnavailableException extends Exception implements PermanentTaskFailure {
    CFunctionUnavailableException(String message) {
        super(message);
    }
}
