package io.braid.comm.message;

import java.util.List;

/** Worker to master: a job finished; the data versions it wrote and their sizes in bytes. */
public record TaskDone(long jobId, List<String> outputs, List<Long> outputSizes, long runNanos) implements Message {
}
