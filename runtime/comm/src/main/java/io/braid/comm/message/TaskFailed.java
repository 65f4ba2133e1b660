package io.braid.comm.message;

/** Worker to master: a job failed. {@code error} is the exception and its stack trace as text. */
public record TaskFailed(long jobId, String error) implements Message {
}
