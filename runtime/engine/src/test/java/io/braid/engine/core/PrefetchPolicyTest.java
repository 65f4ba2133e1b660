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
        assertEquals(16, p.record(50_000));
        for (int i = 0; i < 100; i++) {
            p.record(10_000_000);
        }
        assertEquals(1, p.depth());
        for (int i = 0; i < 100; i++) {
            p.record(2_000_000_000L);
        }
        assertEquals(0, p.depth());
    }
}
