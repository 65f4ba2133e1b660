package io.braid.engine.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.Epoch.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class AutoConstraintSummaryTest {
    private static final long MS = 1_000_000;

    @Test
    void learnedTypeShowsEpochsStopReasonAndChoice() {
        List<Epoch> epochs = List.of(new Epoch(1, 15, 8, 16, 919_250_000L, Kind.MEASURED),
                new Epoch(2, 30, 4, 8, 303 * MS, Kind.MEASURED),
                new Epoch(3, 60, 2, 3, 101 * MS, Kind.PARTIAL),
                new Epoch(4, 60, 2, 4, 100 * MS, Kind.MEASURED),
                new Epoch(5, 120, 1, 0, -1, Kind.SAME_CONCURRENCY));
        AutoConstraintReport r = new AutoConstraintReport("app.Tasks.write", "auto", State.LEARNED, "127.0.0.2", 120, 8,
                epochs, "mean time 100.0 ms is not at most half of 303.0 ms", 4, 60,
                new ConstraintObjective.Choice(60, 4, 100 * MS, 800.0 * MS, 30), 2, 12);
        assertEquals("""

                auto storageBW of app.Tasks.write (auto), learning node 127.0.0.2 (120 MB/s, 8 I/O executors):
                  epoch         MB/s  at once  tasks      mean ms
                      1       15.000        8     16      919.250
                      2       30.000        4      8      303.000
                      3       60.000        2      3      101.000  partial: not used
                      4       60.000        2      4      100.000
                      5      120.000        1      0            -  same concurrency as before: not run
                  learning stopped: mean time 100.0 ms is not at most half of 303.0 ms
                  while it learned, 12 tasks ran on the other nodes (best value measured so far)
                  chosen storageBW of app.Tasks.write: 60 MB/s for 30 ready tasks (4 at once, ceil(30/4) x 100.000 ms\
                 = 800.000 ms); re-evaluation changed it 2 times
                """, AutoConstraintSummary.format(List.of(r)));
    }

    @Test
    void typesThatDidNotLearn() {
        AutoConstraintReport none = new AutoConstraintReport("a.T.x", "auto", State.NO_BANDWIDTH, null, 0, 0, List.of(),
                null, 0, 0, null, 0, 0);
        AutoConstraintReport learning = new AutoConstraintReport("a.T.y", "auto(4,64,2)", State.LEARNING, "n1", 100.5, 2,
                List.of(new Epoch(1, 4, 2, 1, 5 * MS, Kind.PARTIAL)), null, 4, 4, null, 0, 0);
        AutoConstraintReport waiting = new AutoConstraintReport("a.T.z", "auto", State.WAITING, null, 0, 0, List.of(),
                null, 0, 33.3333333, null, 0, 0);
        assertEquals("""

                auto storageBW of a.T.x (auto):
                  no node that runs it declares a storage bandwidth: it held none

                auto storageBW of a.T.y (auto(4,64,2)), learning node n1 (100.500 MB/s, 2 I/O executors):
                  epoch         MB/s  at once  tasks      mean ms
                      1        4.000        2      1        5.000  partial: not used
                  learning did not finish (an epoch needs 4 ready tasks at once); ran with the learning values

                auto storageBW of a.T.z (auto):
                  never learned (its learning node was busy); ran with 33.333 MB/s
                """, AutoConstraintSummary.format(List.of(none, learning, waiting)));
        assertEquals("", AutoConstraintSummary.format(List.of()));
    }
}
