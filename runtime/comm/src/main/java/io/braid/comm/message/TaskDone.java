package io.braid.comm.message;

import java.util.List;

/**
 * Worker to master: a job finished; the data versions it wrote and their sizes in bytes, when it
 * started (microseconds since the epoch, worker clock), how long the task ran, and on which
 * executor (for the trace). {@code outputPaths}, when not null, has one entry per output: the
 * absolute path of a file version on the worker (so that a node sharing the disk it is on reads
 * it in place), null for an object. {@code handedTo} (0: none) is the job parked behind this one
 * ({@link RunTask#afterJob()}) that the worker started on this job's computing units: they stay held.
 */
public record TaskDone(long jobId, List<String> outputs, List<Long> outputSizes, long startMicros, long runNanos,
                       String executor, List<String> outputPaths, long handedTo) implements Message {

    /** A result whose job handed its computing units to no parked job. */
    public TaskDone(long jobId, List<String> outputs, List<Long> outputSizes, long startMicros, long runNanos,
                    String executor, List<String> outputPaths) {
        this(jobId, outputs, outputSizes, startMicros, runNanos, executor, outputPaths, 0);
    }

    /** This result, its computing units handed to job {@code next}. */
    public TaskDone handedTo(long next) {
        return new TaskDone(jobId, outputs, outputSizes, startMicros, runNanos, executor, outputPaths, next);
    }

    /** A result that wrote no file versions. */
    public TaskDone(long jobId, List<String> outputs, List<Long> outputSizes, long startMicros, long runNanos,
                    String executor) {
        this(jobId, outputs, outputSizes, startMicros, runNanos, executor, null);
    }

    /** The path of output {@code i} on the worker, or null (an object, or no paths sent). */
    public String outputPath(int i) {
        return outputPaths == null || i >= outputPaths.size() ? null : outputPaths.get(i);
    }
}
