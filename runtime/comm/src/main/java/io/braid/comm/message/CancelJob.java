package io.braid.comm.message;

/**
 * Master to worker: stop the job if it is running there (its group was cancelled). The worker
 * sets the task's cancellation flag and interrupts it; the master has already forgotten the job.
 */
public record CancelJob(long jobId, String reason) implements Message {
}
