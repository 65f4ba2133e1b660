package io.braid.engine.dispatch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** The scheduler's locality hint: the nodes holding a task's inputs, most bytes first. */
class JobFactoryTest {

    @Test
    void nodesHoldingBytesHeaviestFirstTiesInNodeOrder() {
        assertArrayEquals(new int[] {3, 1, 4}, JobFactory.byWeight(new long[] {0, 5, 0, 7, 5}));
        assertArrayEquals(new int[] {2}, JobFactory.byWeight(new long[] {0, 0, 1}));
        assertArrayEquals(new int[] {0, 1, 2}, JobFactory.byWeight(new long[] {4, 4, 4}));
        assertArrayEquals(new int[] {2, 1, 0}, JobFactory.byWeight(new long[] {1, 2, 3}));
        assertArrayEquals(new int[0], JobFactory.byWeight(new long[] {0, 0}));
    }
}
