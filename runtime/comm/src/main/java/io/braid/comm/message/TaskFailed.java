package io.braid.comm.message;

/** Worker to master: a job failed. {@code error} is the exception and its stack trace as text. */
public record TaskFailed(long jobId, String error) implements Message {
    /**
     * Prefix of {@code error} when the job could not even start because an input could not be
     * fetched (its holder died, typically): not the task's fault, so not counted as a failure.
     */
    public static final String INPUT_UNAVAILABLE = "braid:input-unavailable: ";

    public boolean inputUnavailable() {
        return error.startsWith(INPUT_UNAVAILABLE);
    }
}
