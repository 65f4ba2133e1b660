package io.braid.engine.core;

/**
 * How many tasks per computing unit may wait on a worker, from the recent task durations: short
 * tasks are sent ahead so that none waits for a master round trip; long tasks are not, so they
 * stay free to go to whichever node frees up first. Pure: durations are passed in.
 */
final class PrefetchPolicy {
    /** Below this mean duration a round trip (about 0.1-0.5 ms here) would dominate. */
    static final long SHORT_NANOS = 2_000_000L;
    /** Below this, one waiting task per unit hides the round trip at little balance cost. */
    static final long MEDIUM_NANOS = 50_000_000L;

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
        return meanNanos < SHORT_NANOS ? 16 : meanNanos < MEDIUM_NANOS ? 1 : 0;
    }
}
