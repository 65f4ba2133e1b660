package iotasks;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A simulated node-local disk for tests: a transfer that takes {@code workMs} alone slows down
 * with the number of transfers in progress on the node the way a congested disk does. Up to
 * {@link #CHANNELS} transfers run at full speed; beyond that each one runs at
 * {@code 1 / slowdown(k)} of full speed, {@code slowdown(k) = (k / CHANNELS)^EXPONENT}, convex, so
 * the disk's total throughput falls when it is overloaded. Speed follows the current number of
 * transfers (processor sharing), so transfers that start a little apart still see the right
 * concurrency.
 *
 * <p>One worker process runs per node, so the counter of this class (static, in the worker's
 * application class loader) counts the transfers running on that node.
 *
 * <p>At a steady k, a transfer takes {@code workMs * slowdown(k)}; per node, k transfers complete
 * every such time. The best concurrency is {@code CHANNELS} (k/slowdown(k) is largest there), so
 * on a node with storage bandwidth B the best constraint is {@code B / CHANNELS}.
 */
public final class CongestedDisk {
    static final int CHANNELS = 2;
    static final double EXPONENT = 1.6;

    private static final AtomicInteger ACTIVE = new AtomicInteger();

    private CongestedDisk() {
    }

    static double slowdown(int k) {
        return k <= CHANNELS ? 1 : Math.pow((double) k / CHANNELS, EXPONENT);
    }

    /** A transfer of {@code workMs} of full-speed work; returns how many ran at once when it started. */
    public static int transfer(long workMs) throws InterruptedException {
        int atStart = ACTIVE.incrementAndGet();
        try {
            double done = 0;
            long last = System.nanoTime();
            while (done < workMs) {
                Thread.sleep(1);
                long now = System.nanoTime();
                done += (now - last) / 1e6 / slowdown(ACTIVE.get());
                last = now;
            }
            return atStart;
        } finally {
            ACTIVE.decrementAndGet();
        }
    }
}
