package io.braid.launcher.embed;

/**
 * The embedded run failed: the master gave up (a task failed for good, every worker was lost), or
 * its end could not complete. libbraid maps it to {@code BRAID_ERR_RUNTIME}, as braid.h says; a
 * caller's error is an {@link IllegalStateException} or {@link IllegalArgumentException} instead.
 */
public final class RunFailedException extends RuntimeException {
    private final boolean reported;

    RunFailedException(String message, boolean reported, Throwable cause) {
        super(message, cause);
        this.reported = reported;
    }

    /**
     * Whether the reason is already on stderr as the run's {@code [braid] ERROR:} line: a generated
     * C stub that stops the program on this failure does not say it a second time.
     */
    public boolean reported() {
        return reported;
    }
}
