package io.braid.engine.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.monitor.AutoConstraintReport;
import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.LearningPolicy;
import io.braid.engine.task.TaskDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Auto storage-bandwidth constraints through the core: epochs on the learning node, other I/O
 * tasks kept off it, the type's spare tasks on the other nodes while it learns (or not), partial epochs when nothing else runs, the choice applied everywhere and
 * re-evaluated, bandwidth released on failure.
 */
class AutoConstraintsCoreTest {
    private static final TaskDefinition AUTO = CoreHarness.ioDef(7, "auto");

    private static void submitAuto(CoreHarness h, long from, long to) {
        for (long id = from; id <= to; id++) {
            h.submit(id, AUTO);
        }
    }

    private static List<String> on(List<String> sent, int node) {
        return sent.stream().filter(s -> s.endsWith("@" + node)).toList();
    }

    private static void finish(CoreHarness h, List<String> sent, long millis) {
        for (String s : sent) {
            h.doneAfter(Long.parseLong(s.substring(0, s.indexOf('@'))), millis);
        }
    }

    /** Dispatches and finishes {@code waves} times; all the tasks sent, each wave checked to be {@code perWave} on node 0. */
    private static List<String> waves(CoreHarness h, int waves, int perWave, long millis) {
        List<String> all = new java.util.ArrayList<>();
        for (int i = 0; i < waves; i++) {
            List<String> sent = h.dispatch();
            assertEquals(perWave, sent.size(), "wave " + (i + 1) + ": " + sent);
            assertEquals(sent, on(sent, 0), "only on the learning node");
            finish(h, sent, millis);
            all.addAll(sent);
        }
        return all;
    }

    private static AutoConstraintReport report(CoreHarness h) {
        return h.core.autoConstraints().get(0);
    }

    @Test
    void exclusiveEpochsRunOnTheLearningNodeOnlyThenTheChosenValueEverywhere() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 4);
        h.core.setLearningPolicy(LearningPolicy.EXCLUSIVE);
        submitAuto(h, 1, 20);
        List<String> first = h.dispatch();
        assertEquals(4, first.size(), "4 at once at 25 MB/s (100 MB/s / 4 executors): " + first);
        assertEquals(first, on(first, 0), "only on the learning node");
        assertEquals(100, h.scheduler.view(0).usedStorageBandwidthMBs(), 1e-9);
        finish(h, first, 400);
        waves(h, 1, 4, 400); // the second wave of epoch 1
        waves(h, 2, 2, 120); // epoch 2: 50 MB/s, 2 at once
        waves(h, 2, 1, 100); // epoch 3: 100 MB/s, 1 at once; 100 > 120 / 2: learning stops
        // 20 - 14 = 6 ready: 25 -> 1 x 400; 50 -> ceil(6/4) x 120 = 240; 100 -> 3 x 100 = 300.
        AutoConstraintReport r = report(h);
        assertEquals(State.LEARNED, r.state());
        assertEquals(50.0, r.choice().constraint());
        assertEquals(6, r.choice().readyTasks());
        assertEquals(List.of(25.0, 50.0, 100.0), r.epochs().stream().map(Epoch::constraint).toList());
        List<String> after = h.dispatch();
        assertEquals(4, after.size(), "as many as run at once in the cluster: " + after);
        assertEquals(2, on(after, 1).size(), "the other node too");
        assertEquals(100, h.scheduler.view(1).usedStorageBandwidthMBs(), 1e-9, "2 x 50 MB/s");
        assertTrue(h.fatal.isEmpty(), h.fatal.toString());
    }

    @Test
    void sharedTheOtherNodesRunWhatTheNextEpochDoesNotNeed() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 4);
        submitAuto(h, 1, 20);
        // Epoch 1 (25 MB/s, 4 at once) takes 8 tasks and the next one (50 MB/s, 2 at once) will
        // need 4: of the 12 held, 4 stay and 8 are spare. Node 1 runs them at the progression's
        // first value (nothing measured yet): 4 at once.
        List<String> sent = h.dispatch();
        assertEquals(List.of("1@0", "2@0", "3@0", "4@0"), on(sent, 0).stream().sorted().toList(), sent.toString());
        assertEquals(List.of("10@1", "11@1", "12@1", "9@1"), on(sent, 1).stream().sorted().toList(), sent.toString());
        assertEquals(100, h.scheduler.view(1).usedStorageBandwidthMBs(), 1e-9, "4 x 25 MB/s");
        finish(h, sent, 400);
        sent = h.dispatch();
        assertEquals(List.of("5@0", "6@0", "7@0", "8@0"), on(sent, 0).stream().sorted().toList(),
                "epoch 1's second wave: " + sent);
        assertEquals(List.of("13@1", "14@1", "15@1", "16@1"), on(sent, 1).stream().sorted().toList(),
                "the other 4 spare tasks; 17..20 stay for the next epoch: " + sent);
        finish(h, sent, 400);
        assertEquals(List.of("17@0", "18@0", "19@0", "20@0"), waves(h, 2, 2, 120).stream().sorted().toList(),
                "epoch 2: 50 MB/s, 2 at once, with the tasks that stayed");
        submitAuto(h, 21, 22);
        waves(h, 2, 1, 100); // epoch 3: 100 MB/s, 1 at once; 100 > 120 / 2: learning stops
        AutoConstraintReport r = report(h);
        assertEquals(State.LEARNED, r.state());
        assertEquals(List.of(25.0, 50.0, 100.0), r.epochs().stream().map(Epoch::constraint).toList());
        assertEquals(8, r.ranElsewhere());
        submitAuto(h, 23, 26);
        // 4 ready: 25 -> ceil(4/8) x 400; 50 -> ceil(4/4) x 120; 100 -> ceil(4/2) x 100 = 200.
        sent = h.dispatch();
        assertEquals(2, on(sent, 0).size(), "the chosen value (50 MB/s) on both nodes: " + sent);
        assertEquals(2, on(sent, 1).size(), "the chosen value (50 MB/s) on both nodes: " + sent);
        assertTrue(h.fatal.isEmpty(), h.fatal.toString());
    }

    @Test
    void sharedTheOtherNodesTakeTheBestValueMeasuredSoFar() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 4);
        submitAuto(h, 1, 8);
        waves(h, 2, 4, 400); // epoch 1 (25 MB/s): all 8, nothing spare
        submitAuto(h, 9, 20);
        // Epoch 2 (50 MB/s, 2 at once) takes 4; of the 8 held, 4 stay and 4 go to node 1 at
        // 25 MB/s, the only value measured.
        List<String> sent = h.dispatch();
        assertEquals(2, on(sent, 0).size(), sent.toString());
        assertEquals(4, on(sent, 1).size(), sent.toString());
        assertEquals(100, h.scheduler.view(1).usedStorageBandwidthMBs(), 1e-9, "4 x 25 MB/s");
        finish(h, on(sent, 1), 400);
        finish(h, on(sent, 0), 120);
        sent = h.dispatch();
        assertEquals(2, on(sent, 0).size(), "epoch 2's second wave: " + sent);
        assertEquals(2, on(sent, 1).size(), "of the 4 held, 2 stay for epoch 3 and 2 are spare: " + sent);
        finish(h, sent, 120);
        submitAuto(h, 21, 30);
        // Epoch 3 (100 MB/s, 1 at once, the last value) takes 2 of the 12 held, 10 are spare.
        // Measured: 25 MB/s -> ceil(10/4) x 400 = 1200 ms, 50 MB/s -> ceil(10/2) x 120 = 600 ms:
        // node 1 runs 2 at once.
        sent = h.dispatch();
        assertEquals(1, on(sent, 0).size(), sent.toString());
        assertEquals(2, on(sent, 1).size(), "2 at once at 50 MB/s: " + sent);
        assertEquals(100, h.scheduler.view(1).usedStorageBandwidthMBs(), 1e-9, "2 x 50 MB/s");
    }

    @Test
    void sharedANodeLearningAnotherTypeTakesNoSpareTasks() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 4);
        TaskDefinition other = CoreHarness.ioDef(9, "auto");
        submitAuto(h, 1, 20);
        for (long id = 21; id <= 40; id++) {
            h.submit(id, other);
        }
        List<String> sent = h.dispatch();
        assertEquals(8, sent.size(), "an epoch's first wave on each node, nothing else: " + sent);
        assertTrue(on(sent, 0).stream().allMatch(t -> Long.parseLong(t.substring(0, t.indexOf('@'))) <= 20), sent.toString());
        assertTrue(on(sent, 1).stream().allMatch(t -> Long.parseLong(t.substring(0, t.indexOf('@'))) > 20), sent.toString());
        assertEquals(0, report(h).ranElsewhere());
    }

    @Test
    void sharedWithOneNodeLearnsThereAlone() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 4);
        submitAuto(h, 1, 20);
        waves(h, 2, 4, 400);
        waves(h, 2, 2, 120);
        assertEquals(0, report(h).ranElsewhere());
    }

    @Test
    void learningPolicyNamesAreCheckedWithTheProperty() {
        assertEquals(LearningPolicy.SHARED, LearningPolicy.parse(null));
        assertEquals(LearningPolicy.EXCLUSIVE, LearningPolicy.parse(" Exclusive "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LearningPolicy.parse("alone"));
        assertEquals("-Dbraid.io.learning=alone: expected shared or exclusive", e.getMessage());
    }

    @Test
    void otherIoTasksAreKeptOffTheLearningNodeButComputeTasksAreNot() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 4);
        submitAuto(h, 1, 8);
        h.submit(9, CoreHarness.ioDef(8, ""));
        h.submit(10, CoreHarness.ioDef(8, ""));
        h.submit(11, 1);
        h.submit(12, 1);
        List<String> sent = h.dispatch();
        assertTrue(sent.containsAll(List.of("9@1", "10@1")), "plain I/O tasks on the other node: " + sent);
        assertEquals(2, sent.stream().filter(s -> s.startsWith("11@") || s.startsWith("12@")).count(), sent.toString());
        assertTrue(sent.contains("11@0") || sent.contains("12@0"), "a compute task on the learning node: " + sent);
        assertEquals(4, on(sent, 0).size() - 1, "the first wave of the epoch beside the compute task: " + sent);
    }

    @Test
    void anEpochWaitsForIoTasksThatStartedBeforeOnItsNode() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 4);
        h.submit(1, CoreHarness.ioDef(8, ""));
        assertEquals(List.of("1@0"), h.dispatch());
        submitAuto(h, 2, 9);
        h.submit(10, CoreHarness.ioDef(8, ""));
        assertEquals(List.of(), h.dispatch(), "the node is reserved and still runs task 1");
        h.doneAfter(1, 5);
        List<String> e1 = h.dispatch();
        assertEquals(4, e1.size());
        assertTrue(!e1.contains("10@0"), "the other I/O task waits for the learning node: " + e1);
    }

    @Test
    void tooFewTasksWaitWhileOthersRunAndGoAsAPartialEpochWhenNothingDoes() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 4);
        h.submit(1, 1);
        submitAuto(h, 2, 4);
        assertEquals(List.of("1@0"), h.dispatch(), "3 < 8: the epoch waits while task 1 runs");
        h.done(1);
        assertEquals(List.of("2@0", "3@0", "4@0"), h.dispatch(), "nothing runs any more: a partial epoch");
        finish(h, List.of("2@0", "3@0", "4@0"), 50);
        Epoch partial = report(h).epochs().get(0);
        assertEquals(Epoch.Kind.PARTIAL, partial.kind());
        assertEquals(25.0, partial.constraint());
        assertEquals(State.LEARNING, report(h).state());
        submitAuto(h, 5, 12);
        waves(h, 2, 4, 50); // 25 MB/s again, now a full epoch
        assertEquals(Epoch.Kind.MEASURED, report(h).epochs().get(1).kind());
    }

    @Test
    void anEpochStartsWithAWaveAndTakesTheRestOfItsTasksAsTheyBecomeReady() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 4);
        h.submit(1, 1); // a compute task: the run goes on while the epoch waits
        submitAuto(h, 2, 4);
        assertEquals(List.of("1@0"), h.dispatch(), "3 tasks, less than a wave of 4: the epoch waits");
        submitAuto(h, 5, 5);
        List<String> first = h.dispatch();
        assertEquals(List.of("2@0", "3@0", "4@0", "5@0"), first.stream().sorted().toList(), "a wave's worth: epoch 1 starts");
        finish(h, List.of("2@0", "3@0"), 400);
        assertEquals(List.of(), h.dispatch(), "the rest of the epoch is not ready yet");
        submitAuto(h, 6, 7);
        assertEquals(List.of("6@0", "7@0"), h.dispatch().stream().sorted().toList(), "given to the epoch as they come");
        finish(h, List.of("4@0", "5@0", "6@0", "7@0"), 400);
        assertEquals(State.LEARNING, report(h).state());
        assertTrue(report(h).epochs().isEmpty(), "the epoch still waits for 2 tasks while task 1 runs");
        h.done(1);
        assertEquals(List.of(), h.dispatch());
        Epoch e = report(h).epochs().get(0);
        assertEquals(Epoch.Kind.PARTIAL, e.kind(), "nothing runs any more: the epoch ends with the 6 it got");
        assertEquals(6, e.tasks());
        submitAuto(h, 8, 15);
        List<String> again = h.dispatch();
        assertEquals(4, again.size(), "25 MB/s again, now a full epoch: " + again);
        finish(h, again, 400);
        waves(h, 1, 4, 400);
        assertEquals(Epoch.Kind.MEASURED, report(h).epochs().get(1).kind());
        assertEquals(25.0, report(h).epochs().get(1).constraint());
    }

    @Test
    void newReadyTasksReEvaluateTheChoice() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 2);
        submitAuto(h, 1, 6);
        waves(h, 2, 2, 200); // 50 MB/s, 2 at once
        waves(h, 2, 1, 110); // 100 MB/s, 1 at once; 110 > 200 / 2: stop
        AutoConstraintReport r = report(h);
        assertEquals(State.LEARNED, r.state());
        // No task ready (counted as 1): 50 -> 200, 100 -> 110: the fastest.
        assertEquals(100.0, r.choice().constraint());
        submitAuto(h, 7, 16);
        assertEquals(2, h.dispatch().size(), "2 at once at 50 MB/s");
        // 10 ready, evaluated once for the burst: 50 -> 5 x 200 = 1000; 100 -> 10 x 110 = 1100.
        r = report(h);
        assertEquals(50.0, r.choice().constraint());
        assertEquals(10, r.choice().readyTasks());
        assertEquals(1, r.changes());
        assertEquals(100, h.scheduler.view(0).usedStorageBandwidthMBs(), 1e-9);
    }

    @Test
    void boundedValuesWithTheSameConcurrencyAreNotRun() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 2);
        h.submit(1, CoreHarness.ioDef(9, "auto(20,80,2)"));
        for (long id = 2; id <= 10; id++) {
            h.submit(id, CoreHarness.ioDef(9, "auto(20,80,2)"));
        }
        waves(h, 2, 2, 100); // 20 MB/s: 2 at once
        waves(h, 2, 1, 90); // 40 MB/s also lets 2 run: skipped; 80 MB/s: 1 at once
        AutoConstraintReport r = report(h);
        assertEquals(List.of(Epoch.Kind.MEASURED, Epoch.Kind.SAME_CONCURRENCY, Epoch.Kind.MEASURED),
                r.epochs().stream().map(Epoch::kind).toList());
        assertEquals("reached max 80 MB/s", r.stopReason());
        // 4 ready: 20 and 40 -> 2 x 100 = 200 (tie: 40); 80 -> 4 x 90 = 360.
        assertEquals(4, r.choice().readyTasks());
        assertEquals(40.0, r.choice().constraint());
    }

    @Test
    void withoutADeclaredBandwidthAutoHoldsNothing() {
        CoreHarness h = CoreHarness.io(1, 1, 0, 2);
        submitAuto(h, 1, 3);
        assertEquals(2, h.dispatch().size());
        assertEquals(State.NO_BANDWIDTH, report(h).state());
        assertNull(report(h).learningNode());
    }

    @Test
    void lostLearningNodeStartsLearningAgainElsewhere() {
        CoreHarness h = CoreHarness.io(2, 1, 100, 2);
        submitAuto(h, 1, 8);
        List<String> e1 = h.dispatch();
        assertEquals(List.of("1@0", "2@0", "5@1", "6@1"), e1, "epoch 1's first wave, and the 2 spare tasks");
        finish(h, on(e1, 1), 100);
        h.core.workerLost(0);
        List<String> again = h.dispatch();
        assertEquals(2, again.size(), "a new first epoch on node 1: " + again);
        assertEquals(again, on(again, 1));
        assertEquals("n1", report(h).learningNode());
    }

    @Test
    void bandwidthIsReleasedWhenATaskFails() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 4);
        TaskDefinition sixty = CoreHarness.ioDef(5, "60");
        h.submit(1, sixty);
        h.submit(2, sixty);
        assertEquals(List.of("1@0"), h.dispatch(), "60 + 60 > 100");
        h.failed(1);
        assertEquals(0, h.scheduler.view(0).usedStorageBandwidthMBs(), 1e-9);
        assertEquals(List.of("1@0"), h.dispatch(), "the retry, alone again");
        assertEquals(60, h.scheduler.view(0).usedStorageBandwidthMBs(), 1e-9);
    }

    @Test
    void aFailedTaskMakesItsEpochPartialAndIsRunAgain() {
        CoreHarness h = CoreHarness.io(1, 1, 100, 2);
        submitAuto(h, 1, 4);
        assertEquals(List.of("1@0", "2@0"), h.dispatch());
        h.failed(1);
        h.doneAfter(2, 100);
        List<String> second = h.dispatch();
        assertEquals(List.of("3@0", "4@0"), second, "the second wave");
        finish(h, second, 100);
        assertEquals(Epoch.Kind.PARTIAL, report(h).epochs().get(0).kind());
        assertEquals(List.of("1@0"), h.dispatch(), "the retry runs alone as a partial epoch (nothing else runs)");
    }
}
