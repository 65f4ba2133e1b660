package io.braid.comm.message;

/**
 * Worker to master: the job parked behind another ({@link RunTask#afterJob()}) was not held,
 * because the job it was to follow had already ended (or was unknown) when it arrived; the worker
 * did not run it. The master makes it ready the ordinary way, unless it has already (an answer
 * about a job it no longer has is stale and ignored).
 */
public record TaskNotParked(long jobId) implements Message {
}
