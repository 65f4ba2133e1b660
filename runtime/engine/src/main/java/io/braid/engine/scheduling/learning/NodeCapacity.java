package io.braid.engine.scheduling.learning;

/**
 * What a node offers to I/O tasks: its storage bandwidth (MB/s, 0 = not declared, unlimited)
 * and its I/O executors.
 */
public record NodeCapacity(double bandwidthMBs, int ioExecutors) {

    /** The scheduler's slack for sums of bandwidth: k tasks of c fit when k * c <= bandwidth + EPS. */
    static final double EPS = 1e-9;

    public NodeCapacity {
        if (!(bandwidthMBs >= 0) || Double.isInfinite(bandwidthMBs) || ioExecutors < 0) {
            throw new IllegalArgumentException("bandwidth must be finite >= 0 and I/O executors >= 0");
        }
    }

    /**
     * How many I/O tasks holding {@code constraint} MB/s each run at once on this node:
     * {@code min(ioExecutors, floor(bandwidth / constraint))}; the I/O executors alone when the
     * bandwidth is not declared or the constraint is 0.
     */
    public int concurrency(double constraint) {
        if (bandwidthMBs == 0 || constraint <= 0) {
            return ioExecutors;
        }
        double fit = Math.floor((bandwidthMBs + EPS) / constraint);
        return (int) Math.min(ioExecutors, fit);
    }
}
