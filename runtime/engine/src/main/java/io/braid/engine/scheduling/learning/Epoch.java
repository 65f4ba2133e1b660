package io.braid.engine.scheduling.learning;

/**
 * One learning epoch of a task type: a batch of its tasks run together on the learning node
 * with one constraint value.
 *
 * @param number      1, 2, ... in the order the epochs ended
 * @param constraint  the storage bandwidth (MB/s) each task of the epoch held
 * @param concurrency how many of them the learning node ran at once under that constraint
 * @param tasks       tasks the epoch ran (0 for {@link Kind#SAME_CONCURRENCY})
 * @param meanNanos   their mean execution time, -1 when none finished well
 * @param kind        whether the epoch counts as a measurement
 */
public record Epoch(int number, double constraint, int concurrency, int tasks, long meanNanos, Kind kind) {

    public enum Kind {
        /** A full epoch: its mean time is t(constraint). */
        MEASURED,
        /**
         * Fewer tasks than a full epoch (the type ran out of ready tasks and nothing else was
         * running), or one of its tasks failed: its tasks ran but the time is not used and the
         * same value is tried again.
         */
        PARTIAL,
        /**
         * A bounded value that gives the learning node the same concurrency as the value before
         * it: not run (it would be the same experiment); t is the earlier epoch's.
         */
        SAME_CONCURRENCY
    }

    /** True when the epoch gives a time for its constraint. */
    public boolean measured() {
        return kind != Kind.PARTIAL;
    }

    public double meanMillis() {
        return meanNanos / 1e6;
    }
}
