package io.braid.comm.message;

import java.util.List;

/**
 * Worker to master: a job finished; the data versions it wrote and their sizes in bytes, when it
 * started (microseconds since the epoch, worker clock), how long the task ran, and on which
 * executor (for the trace).
 */
public record TaskDone(long jobId, List<String> outputs, List<Long> outputSizes, long startMicros, long runNanos,
                       String executor) implements Message {
}
