package io.braid.comm.message;

/**
 * Worker to master: a job failed. {@code error} is the exception and its stack trace as text.
 * {@code streamsUsed}: the task had published or taken stream elements before it failed, so a
 * second run would publish them again or miss the ones it took. {@code braidException}: the task
 * threw {@code io.braid.api.BraidException} (its message; null otherwise), which cancels its
 * groups and reaches the main program at their barrier instead of failing the task.
 * {@code permanent}: running the task again would fail the same way (a C function's library or
 * symbol is missing), so the master does not retry it.
 */
public record TaskFailed(long jobId, String error, boolean streamsUsed, String braidException, boolean permanent)
        implements Message {
    /**
     * Prefix of {@code error} when the job could not even start because an input could not be
     * fetched (its holder died, typically): not the task's fault, so not counted as a failure.
     */
    public static final String INPUT_UNAVAILABLE = "braid:input-unavailable: ";

    public TaskFailed(long jobId, String error, boolean streamsUsed, String braidException) {
        this(jobId, error, streamsUsed, braidException, false);
    }

    /** A failure before any stream element was exchanged. */
    public TaskFailed(long jobId, String error) {
        this(jobId, error, false, null);
    }

    public TaskFailed(long jobId, String error, boolean streamsUsed) {
        this(jobId, error, streamsUsed, null);
    }

    public boolean inputUnavailable() {
        return error.startsWith(INPUT_UNAVAILABLE);
    }
}
