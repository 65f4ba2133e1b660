package io.braid.worker.execution;

/**
 * A task that had published or taken stream elements threw {@link #getCause()}: the master must
 * not run it again (its readers have what it published, and what it took is gone).
 */
final class StreamTaskFailure extends Exception {
    StreamTaskFailure(Throwable cause) {
        super(cause);
    }
}
