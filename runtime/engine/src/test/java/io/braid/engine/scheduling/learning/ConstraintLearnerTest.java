package io.braid.engine.scheduling.learning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.scheduling.learning.Epoch.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Replays recorded epochs (mean task times per constraint) through the learner. */
class ConstraintLearnerTest {
    private static final long MS = 1_000_000;

    /** Runs full epochs, each task taking the recorded time of the epoch's constraint (ms). */
    private static List<Epoch> replay(ConstraintLearner l, Map<Double, Long> recorded) {
        List<Epoch> ended = new ArrayList<>();
        while (!l.finished()) {
            int n = l.epochSize();
            Long t = recorded.get(l.constraint());
            assertTrue(t != null, "no recorded time for " + l.constraint());
            l.startEpoch(n);
            Epoch e = null;
            for (int i = 0; i < n; i++) {
                assertNull(e, "the epoch ended before its last task");
                e = l.taskFinished(t * MS);
            }
            ended.add(e);
        }
        return ended;
    }

    private static List<Double> constraints(List<Epoch> e) {
        return e.stream().map(Epoch::constraint).toList();
    }

    @Test
    void unboundedStartsAtBandwidthOverExecutorsAndDoubles() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(120, 8), 1);
        assertEquals(List.of(15.0, 30.0, 60.0, 120.0), l.values());
        assertEquals(8, l.epochSize());
        // A disk serving 2 streams at full speed, slowing down sharply beyond.
        replay(l, Map.of(15.0, 919L, 30.0, 303L, 60.0, 100L, 120.0, 100L));
        List<Epoch> e = l.epochs();
        assertEquals(List.of(15.0, 30.0, 60.0, 120.0), constraints(e));
        assertEquals(List.of(8, 4, 2, 1), e.stream().map(Epoch::concurrency).toList());
        assertEquals(List.of(8, 4, 2, 1), e.stream().map(Epoch::tasks).toList(), "one wave per epoch");
        assertEquals(List.of(1, 2, 3, 4), e.stream().map(Epoch::number).toList());
        assertTrue(e.stream().allMatch(x -> x.kind() == Kind.MEASURED));
        assertEquals(919, e.get(0).meanNanos() / MS);
        assertEquals("mean time 100.0 ms is not at most half of 100.0 ms", l.stopReason());
    }

    @Test
    void epochsRunWavesOfTheNodesConcurrency() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 4), 3);
        assertEquals(12, l.epochSize());
        assertEquals(4, l.concurrency());
        l.startEpoch(12);
        for (int i = 0; i < 12; i++) {
            l.taskFinished((i % 2 == 0 ? 100 : 300) * MS);
        }
        assertEquals(200 * MS, l.epochs().get(0).meanNanos(), "the mean over the epoch's tasks");
        assertEquals(50.0, l.constraint());
        assertEquals(6, l.epochSize());
    }

    @Test
    void stopRuleEndsLearningBeforeTheLastValue() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(160, 16), 2);
        assertEquals(List.of(10.0, 20.0, 40.0, 80.0, 160.0), l.values());
        replay(l, Map.of(10.0, 1000L, 20.0, 300L, 40.0, 200L));
        assertEquals(List.of(10.0, 20.0, 40.0), constraints(l.epochs()));
        assertEquals("mean time 200.0 ms is not at most half of 300.0 ms", l.stopReason());
    }

    @Test
    void exactlyHalfTheTimeGoesOn() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 4), 1);
        replay(l, Map.of(25.0, 400L, 50.0, 200L, 100.0, 100L));
        assertEquals(List.of(25.0, 50.0, 100.0), constraints(l.epochs()));
        assertEquals("the next value 200 MB/s is above the learning node's bandwidth", l.stopReason());
    }

    @Test
    void unboundedWithOneExecutorHasOneValue() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(50, 1), 2);
        assertEquals(List.of(50.0), l.values());
        replay(l, Map.of(50.0, 10L));
        assertEquals(1, l.epochs().size());
        assertEquals(2, l.epochs().get(0).tasks());
    }

    @Test
    void boundedTriesEveryValueFromMinToMaxWithoutTheStopRule() {
        ConstraintLearner l = new ConstraintLearner(new AutoBandwidth(true, 10, 40, 2), new NodeCapacity(100, 8), 1);
        assertEquals(List.of(10.0, 20.0, 40.0), l.values());
        // 90 ms is not at most half of 100 ms: "auto" would stop there, a bounded range goes on.
        replay(l, Map.of(10.0, 100L, 20.0, 90L, 40.0, 85L));
        assertEquals(List.of(10.0, 20.0, 40.0), constraints(l.epochs()));
        assertEquals(List.of(8, 5, 2), l.epochs().stream().map(Epoch::concurrency).toList());
        assertEquals("reached max 40 MB/s", l.stopReason());
    }

    @Test
    void boundedWithAFactorThatDoesNotHitMax() {
        ConstraintLearner l = new ConstraintLearner(new AutoBandwidth(true, 10, 30, 1.5), new NodeCapacity(1000, 100), 1);
        assertEquals(List.of(10.0, 15.0, 22.5), l.values());
    }

    @Test
    void boundedValuesWithTheSameConcurrencyAreNotRunAgain() {
        // 100 MB/s, 2 executors: 4, 8, 16 and 32 MB/s all let 2 tasks run at once; 64 lets 1.
        ConstraintLearner l = new ConstraintLearner(new AutoBandwidth(true, 4, 64, 2), new NodeCapacity(100, 2), 1);
        replay(l, Map.of(4.0, 120L, 64.0, 70L));
        List<Epoch> e = l.epochs();
        assertEquals(List.of(4.0, 8.0, 16.0, 32.0, 64.0), constraints(e));
        assertEquals(List.of(Kind.MEASURED, Kind.SAME_CONCURRENCY, Kind.SAME_CONCURRENCY, Kind.SAME_CONCURRENCY,
                Kind.MEASURED), e.stream().map(Epoch::kind).toList());
        assertEquals(List.of(2, 0, 0, 0, 1), e.stream().map(Epoch::tasks).toList());
        assertEquals(120 * MS, e.get(3).meanNanos(), "the same experiment, the same time");
    }

    @Test
    void boundedValuesAboveTheNodesBandwidthAreNotTried() {
        ConstraintLearner l = new ConstraintLearner(new AutoBandwidth(true, 50, 400, 2), new NodeCapacity(100, 4), 1);
        assertEquals(List.of(50.0, 100.0), l.values());
        replay(l, Map.of(50.0, 20L, 100.0, 10L));
        assertEquals("the next value 200 MB/s is above the learning node's bandwidth", l.stopReason());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> new ConstraintLearner(new AutoBandwidth(true, 150, 400, 2), new NodeCapacity(100, 4), 1));
        assertTrue(x.getMessage().contains("above the learning node's bandwidth"), x.getMessage());
    }

    @Test
    void partialEpochRunsButIsNotUsedAndTheValueIsTriedAgain() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 4), 2);
        assertEquals(8, l.epochSize());
        l.startEpoch(3);
        assertTrue(l.epochRunning());
        assertNull(l.taskFinished(10 * MS));
        assertNull(l.taskFinished(10 * MS));
        Epoch partial = l.taskFinished(10 * MS);
        assertEquals(Kind.PARTIAL, partial.kind());
        assertEquals(3, partial.tasks());
        assertFalse(partial.measured());
        assertFalse(l.epochRunning());
        assertEquals(25.0, l.constraint(), "the same value again");
        assertNull(l.choose(10, List.of(new NodeCapacity(100, 4)), 0), "nothing measured yet");
        replay(l, Map.of(25.0, 400L, 50.0, 300L));
        assertEquals(List.of(Kind.PARTIAL, Kind.MEASURED, Kind.MEASURED), l.epochs().stream().map(Epoch::kind).toList());
        assertEquals(400 * MS, l.epochs().get(1).meanNanos(), "the partial epoch's tasks are not in the mean");
    }

    @Test
    void anEpochShortenedToTheTasksItGotEndsAsAPartialEpoch() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 4), 2);
        assertEquals(0, l.epochTasks());
        l.startEpoch(8);
        assertEquals(8, l.epochTasks());
        assertNull(l.taskFinished(10 * MS));
        assertNull(l.shorten(3), "2 of the 3 it got still run");
        assertEquals(3, l.epochTasks());
        assertNull(l.taskFinished(10 * MS));
        Epoch e = l.taskFinished(10 * MS);
        assertEquals(Kind.PARTIAL, e.kind());
        assertEquals(3, e.tasks());
        assertEquals(25.0, l.constraint(), "the same value again");
        l.startEpoch(8);
        l.taskFinished(10 * MS);
        Epoch now = l.shorten(1);
        assertEquals(Kind.PARTIAL, now.kind(), "its only task has ended: it ends at once");
        assertFalse(l.epochRunning());
        l.startEpoch(8);
        l.taskFinished(10 * MS);
        l.taskFinished(10 * MS);
        assertThrows(IllegalArgumentException.class, () -> l.shorten(1), "2 have ended already");
        assertThrows(IllegalArgumentException.class, () -> l.shorten(9));
    }

    @Test
    void nextEpochSizeIsWhatTheEpochAfterTheRunningOneNeeds() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 4), 2);
        assertEquals(8, l.epochSize());
        assertEquals(4, l.nextEpochSize(), "50 MB/s: 2 at once, 2 waves");
        replay(l, Map.of(25.0, 400L, 50.0, 100L, 100.0, 60L));
        assertEquals(0, l.nextEpochSize(), "learning is over");
        ConstraintLearner last = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 1), 2);
        assertEquals(0, last.nextEpochSize(), "one value only: nothing after it");
        // 100 MB/s, 2 executors: 4 .. 32 MB/s all let 2 run at once and are not run again; 64 lets 1.
        ConstraintLearner bounded = new ConstraintLearner(new AutoBandwidth(true, 4, 64, 2), new NodeCapacity(100, 2), 2);
        assertEquals(2, bounded.nextEpochSize(), "the next value run is 64 MB/s");
    }

    @Test
    void epochWithAFailedTaskIsNotUsed() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 2), 1);
        l.startEpoch(2);
        assertNull(l.taskFailed());
        Epoch e = l.taskFinished(30 * MS);
        assertEquals(Kind.PARTIAL, e.kind());
        assertEquals(30 * MS, e.meanNanos());
        assertEquals(50.0, l.constraint());
        l.startEpoch(1);
        assertEquals(-1, l.taskFailed().meanNanos(), "no task finished well");
    }

    @Test
    void misuseIsRejected() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(100, 2), 1);
        assertThrows(IllegalStateException.class, () -> l.taskFinished(1));
        assertThrows(IllegalArgumentException.class, () -> l.startEpoch(3));
        l.startEpoch(2);
        assertThrows(IllegalStateException.class, () -> l.startEpoch(2));
        assertThrows(IllegalArgumentException.class,
                () -> new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(0, 2), 1));
    }

    @Test
    void choiceAfterLearningFollowsTheReadyTasks() {
        ConstraintLearner l = new ConstraintLearner(AutoBandwidth.UNBOUNDED, new NodeCapacity(120, 8), 1);
        replay(l, Map.of(15.0, 919L, 30.0, 303L, 60.0, 100L, 120.0, 100L));
        List<NodeCapacity> two = List.of(new NodeCapacity(120, 8), new NodeCapacity(120, 8));
        // 30 tasks: 15 -> 2 waves x 919, 30 -> 4 x 303, 60 -> 8 x 100, 120 -> 15 x 100.
        ConstraintObjective.Choice c = l.choose(30, two, 0);
        assertEquals(60.0, c.constraint());
        assertEquals(4, c.maxConcurrent());
        assertEquals(800.0 * MS, c.cost());
        // One task: 60 and 120 both cost 100 ms; the tie goes to the larger constraint.
        assertEquals(120.0, l.choose(1, two, 0).constraint());
    }
}
