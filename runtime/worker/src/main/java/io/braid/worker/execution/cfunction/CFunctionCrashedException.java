package io.braid.worker.execution.cfunction;

import java.io.IOException;

/** A C function task ended its native task host (a signal, exit, abort): the task fails and is retried. */
public final class CFunctionCrashedException extends IOException {
    CFunctionCrashedException(String message) {
        super(message);
    }
}
