package io.braid.engine.core;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PrefetchPolicyTest {
    @Test
    void noPrefetchUntilDurationsAreKnown() {
        assertEquals(0, new PrefetchPolicy().depth());
    }

    @Test
    void depthFollowsTheMeanDuration() {
        PrefetchPolicy p = new PrefetchPolicy();
        assertEquals(40, p.record(50_000), "2 ms of 50 µs tasks");
        for (int i = 0; i < 100; i++) {
            p.record(10_000_000);
        }
        assertEquals(1, p.depth());
        for (int i = 0; i < 100; i++) {
            p.record(2_000_000_000L);
        }
        assertEquals(0, p.depth());
    }

    @Test
    void shortTasksQueueAboutTwoMillisecondsOfWorkWithinBounds() {
        PrefetchPolicy noOps = new PrefetchPolicy();
        assertEquals(PrefetchPolicy.MAX_DEPTH, noOps.record(2_000), "2 µs tasks: capped");
        PrefetchPolicy oneMs = new PrefetchPolicy();
        assertEquals(PrefetchPolicy.MIN_SHORT_DEPTH, oneMs.record(1_000_000), "1 ms tasks: never fewer than before");
        PrefetchPolicy zero = new PrefetchPolicy();
        assertEquals(PrefetchPolicy.MAX_DEPTH, zero.record(0), "a task that took no measurable time");
    }
}
