package io.braid.engine.scheduling.learning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.braid.engine.scheduling.learning.Epoch.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstraintObjectiveTest {
    private static final long MS = 1_000_000;

    private static Epoch measured(double c, long ms) {
        return new Epoch(0, c, 0, 1, ms * MS, Kind.MEASURED);
    }

    @Test
    void maxConcurrentSumsNodesBoundedByExecutorsAndBandwidth() {
        List<NodeCapacity> nodes = List.of(new NodeCapacity(100, 4), new NodeCapacity(300, 4), new NodeCapacity(0, 2),
                new NodeCapacity(30, 8));
        // 100/40 -> 2; 300/40 -> 7, capped at 4; unlimited -> its 2 executors; 30 < 40 -> none.
        assertEquals(8, ConstraintObjective.maxConcurrent(40, nodes));
        assertEquals(4 + 4 + 2 + 8, ConstraintObjective.maxConcurrent(0, nodes));
        assertEquals(3, new NodeCapacity(100, 8).concurrency(100 / 3.0), "no rounding loss at an exact fit");
        assertEquals(0, new NodeCapacity(100, 0).concurrency(10));
    }

    @Test
    void minimisesWavesTimesTime() {
        List<NodeCapacity> node = List.of(new NodeCapacity(100, 4));
        List<Epoch> e = List.of(measured(25, 400), measured(50, 150), measured(100, 100));
        // n = 8: 25 -> 2 x 400 = 800; 50 -> 4 x 150 = 600; 100 -> 8 x 100 = 800.
        ConstraintObjective.Choice c = ConstraintObjective.choose(e, 8, node, 0);
        assertEquals(50.0, c.constraint());
        assertEquals(2, c.maxConcurrent());
        assertEquals(600.0 * MS, c.cost());
        assertEquals(8, c.readyTasks());
    }

    @Test
    void remainderCostsAFullWave() {
        List<NodeCapacity> node = List.of(new NodeCapacity(100, 4));
        List<Epoch> e = List.of(measured(25, 300), measured(50, 160));
        // n = 4: 25 -> 1 wave x 300; 50 -> 2 x 160 = 320: 25 wins.
        assertEquals(25.0, ConstraintObjective.choose(e, 4, node, 0).constraint());
        // n = 5: the fifth task is a whole second wave: 25 -> 2 x 300 = 600; 50 -> 3 x 160 = 480.
        assertEquals(50.0, ConstraintObjective.choose(e, 5, node, 0).constraint());
        // Without the ceiling 25 would still win at n = 5 (5/4 x 300 = 375 < 5/2 x 160 = 400).
    }

    @Test
    void tiesGoToTheLargerConstraint() {
        List<NodeCapacity> node = List.of(new NodeCapacity(100, 4));
        List<Epoch> e = List.of(measured(25, 200), measured(50, 100), measured(100, 50));
        assertEquals(100.0, ConstraintObjective.choose(e, 8, node, 0).constraint(), "all cost 400 ms");
        List<Epoch> near = List.of(measured(25, 200), measured(50, 101));
        assertEquals(25.0, ConstraintObjective.choose(near, 8, node, 0).constraint(), "404 > 400: not a tie");
        assertEquals(50.0, ConstraintObjective.choose(near, 8, node, 0.02).constraint(), "within 2%: a tie");
    }

    @Test
    void ignoresPartialEpochsValuesNoNodeRunsAndCountsAtLeastOneTask() {
        List<NodeCapacity> node = List.of(new NodeCapacity(100, 4));
        List<Epoch> e = List.of(new Epoch(1, 25, 4, 2, 1, Kind.PARTIAL), measured(50, 100), measured(200, 1));
        ConstraintObjective.Choice c = ConstraintObjective.choose(e, 0, node, 0);
        assertEquals(50.0, c.constraint());
        assertEquals(1, c.readyTasks());
        assertNull(ConstraintObjective.choose(List.of(measured(200, 1)), 3, node, 0));
        assertEquals(75.0, ConstraintObjective.choose(List.of(new Epoch(1, 75, 1, 0, 5 * MS, Kind.SAME_CONCURRENCY)), 3,
                node, 0).constraint(), "a value with the time of an equal-concurrency epoch counts");
    }
}
