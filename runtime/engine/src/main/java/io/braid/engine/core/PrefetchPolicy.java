package io.braid.engine.core;

/**
 * How many tasks per computing unit may wait on a worker, from the recent task durations: short
 * tasks are sent ahead so that none waits for a master round trip; long tasks are not, so they
 * stay free to go to whichever node frees up first. Pure: durations are passed in.
 *
 * <p>Short tasks: at least {@link #MIN_SHORT_DEPTH} per unit, and as many as make
 * {@link #QUEUED_WORK_NANOS} of work, up to {@link #MAX_DEPTH}. A fixed 16 held 0.2 ms of no-op
 * tasks: a worker of one unit then ran dry every three tasks or so while the master (on a busy
 * or shared core) answered, and waited for it (docs/performance/clusters.md, 2026-11-27).
 */
final class PrefetchPolicy {
    /** Below this mean duration a round trip (about 0.1-0.5 ms here) would dominate. */
    static final long SHORT_NANOS = 2_000_000L;
    /** Below this, one waiting task per unit hides the round trip at little balance cost. */
    static final long MEDIUM_NANOS = 50_000_000L;
    /** The work that short tasks waiting on a unit add up to: a master's round trip, with room for delays. */
    static final long QUEUED_WORK_NANOS = 2_000_000L;
    static final int MIN_SHORT_DEPTH = 16;
    static final int MAX_DEPTH = 128;

    private double meanNanos = -1;

    /** Records one task's duration; returns the prefetch depth per computing unit. */
    int record(long runNanos) {
        meanNanos = meanNanos < 0 ? runNanos : 0.9 * meanNanos + 0.1 * runNanos;
        return depth();
    }

    int depth() {
        if (meanNanos < 0) {
            return 0;
        }
        if (meanNanos >= SHORT_NANOS) {
            return meanNanos < MEDIUM_NANOS ? 1 : 0;
        }
        double forQueuedWork = Math.ceil(QUEUED_WORK_NANOS / Math.max(1.0, meanNanos));
        return (int) Math.min(MAX_DEPTH, Math.max(MIN_SHORT_DEPTH, forQueuedWork));
    }
}
