package io.braid.engine.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamGateTest {

    private final StreamGate g = new StreamGate();

    private void producer(long id, String... streams) {
        g.submitted(id, List.of(streams), List.of());
    }

    private void consumer(long id, String... streams) {
        g.submitted(id, List.of(), List.of(streams));
    }

    @Test
    void consumerIsHeldUntilItsProducerIsDispatched() {
        producer(1, "S");
        consumer(2, "S");
        assertTrue(g.isProducer(1));
        assertFalse(g.isProducer(2));
        assertTrue(g.admit(1), "producers are never held");
        assertFalse(g.admit(2));
        assertTrue(g.isHeld(2));
        assertEquals(1, g.heldCount());
        assertEquals(List.of(2L), g.dispatched(1));
        assertFalse(g.isHeld(2));
        assertEquals(0, g.heldCount());
        assertEquals(List.of(), g.dispatched(1), "a second dispatch report releases nothing");
    }

    @Test
    void consumerAfterTheProducerWasDispatchedRunsAtOnce() {
        producer(1, "S");
        g.dispatched(1);
        consumer(2, "S");
        assertTrue(g.admit(2));
    }

    @Test
    void consumerWaitsForEveryEarlierProducerOfEveryStreamItReads() {
        producer(1, "S");
        producer(2, "S");
        producer(3, "T");
        consumer(4, "S", "T");
        assertFalse(g.admit(4));
        assertEquals(List.of(), g.dispatched(2));
        assertEquals(List.of(), g.dispatched(3));
        assertTrue(g.isHeld(4));
        assertEquals(List.of(4L), g.dispatched(1));
    }

    @Test
    void producerSubmittedAfterTheConsumerDoesNotHoldIt() {
        consumer(1, "S");
        producer(2, "S");
        assertTrue(g.admit(1), "known limit: a consumer cannot wait for a later producer");
    }

    @Test
    void streamWithoutProducerTaskDoesNotHold() {
        consumer(1, "fromMain");
        assertTrue(g.admit(1));
    }

    @Test
    void tasksWithoutStreamsAreNotTracked() {
        g.submitted(1, List.of(), List.of());
        assertTrue(g.admit(1));
        assertEquals(List.of(), g.dispatched(1));
        assertEquals(List.of(), g.ended(1));
        assertEquals(0, g.trackedTaskCount());
    }

    @Test
    void releasedInIdOrderAndOnlyThoseNoLongerHeld() {
        producer(1, "S");
        producer(2, "T");
        consumer(3, "T");
        consumer(4, "S");
        consumer(5, "S", "T");
        for (long c = 3; c <= 5; c++) {
            assertFalse(g.admit(c));
        }
        assertEquals(List.of(4L), g.dispatched(1));
        assertEquals(List.of(3L, 5L), g.dispatched(2));
        assertEquals(0, g.heldCount());
    }

    @Test
    void iterativeExchangeIsNeverHeld() {
        // task i writes S_i and reads S_(i-1); the first one reads a stream the main program writes
        for (long i = 1; i <= 4; i++) {
            g.submitted(i, List.of("S" + i), List.of("S" + (i - 1)));
        }
        for (long i = 4; i >= 1; i--) {
            assertTrue(g.admit(i), "task " + i + " writes a stream, so it is a producer");
        }
        // a ring: 1 writes A reads B, 2 writes B reads A
        g.submitted(10, List.of("A"), List.of("B"));
        g.submitted(11, List.of("B"), List.of("A"));
        assertTrue(g.admit(11));
        assertTrue(g.admit(10));
        assertEquals(0, g.heldCount());
    }

    @Test
    void endOfAnUndispatchedProducerReleases() {
        producer(1, "S");
        consumer(2, "S");
        assertFalse(g.admit(2));
        assertEquals(List.of(2L), g.ended(1), "failed for good or abandoned before it started");
        assertEquals(List.of(), g.ended(2));
        assertEquals(0, g.trackedTaskCount());
        assertEquals(0, g.trackedStreamCount());
    }

    @Test
    void requeuedProducerHoldsLaterReadyConsumersAgain() {
        producer(1, "S");
        consumer(2, "S");
        consumer(3, "S");
        g.dispatched(1);
        assertTrue(g.admit(2));
        g.requeued(1); // its worker was lost, or it failed and will be retried
        assertFalse(g.admit(3));
        assertEquals(List.of(3L), g.dispatched(1));
        g.requeued(2); // requeuing a consumer changes nothing
        assertTrue(g.admit(2));
    }

    @Test
    void heldConsumerThatEndsIsDropped() {
        producer(1, "S");
        consumer(2, "S");
        assertFalse(g.admit(2));
        g.ended(2);
        assertEquals(0, g.heldCount());
        assertEquals(List.of(), g.dispatched(1));
    }

    @Test
    void admittingAHeldConsumerAgainKeepsItHeld() {
        producer(1, "S");
        consumer(2, "S");
        assertFalse(g.admit(2));
        assertFalse(g.admit(2));
        assertEquals(1, g.heldCount());
    }

    @Test
    void submittingTwiceIsAnError() {
        producer(1, "S");
        assertThrows(IllegalStateException.class, () -> producer(1, "S"));
    }

    /**
     * Random submissions, readiness, dispatches and ends: a consumer is never let through while an
     * earlier producer of its streams is undispatched, every held consumer is eventually released,
     * and nothing is left once every task has ended.
     */
    @Test
    void randomRunsKeepTheInvariantAndLeaveNothing() {
        Random r = new Random(5);
        for (int round = 0; round < 50; round++) {
            StreamGate gate = new StreamGate();
            int n = 60;
            List<List<String>> writes = new ArrayList<>();
            List<List<String>> reads = new ArrayList<>();
            boolean[] dispatched = new boolean[n + 1];
            boolean[] ended = new boolean[n + 1];
            boolean[] ready = new boolean[n + 1];
            writes.add(List.of());
            reads.add(List.of());
            for (long id = 1; id <= n; id++) {
                List<String> w = r.nextInt(3) == 0 ? List.of("S" + r.nextInt(4)) : List.of();
                List<String> rd = r.nextBoolean() ? List.of("S" + r.nextInt(4)) : List.of();
                writes.add(w);
                reads.add(rd);
                gate.submitted(id, w, rd);
            }
            List<Long> inScheduler = new ArrayList<>();
            int steps = 0;
            while (steps++ < 10_000) {
                long id = 1 + r.nextInt(n);
                if (ended[(int) id]) {
                    continue;
                }
                if (!ready[(int) id]) {
                    ready[(int) id] = true;
                    if (gate.admit(id)) {
                        inScheduler.add(id);
                    }
                } else if (inScheduler.contains(id) && !dispatched[(int) id]) {
                    inScheduler.remove(id);
                    dispatched[(int) id] = true;
                    for (long c : gate.dispatched(id)) {
                        inScheduler.add(c);
                    }
                } else if (dispatched[(int) id] && r.nextBoolean()) {
                    ended[(int) id] = true;
                    for (long c : gate.ended(id)) {
                        inScheduler.add(c);
                    }
                }
                // invariant: a pure consumer in the scheduler has no earlier undispatched producer
                for (long c : inScheduler) {
                    if (!writes.get((int) c).isEmpty()) {
                        continue;
                    }
                    for (long p = 1; p < c; p++) {
                        if (!dispatched[(int) p] && !ended[(int) p]
                                && writes.get((int) p).stream().anyMatch(reads.get((int) c)::contains)) {
                            throw new AssertionError("consumer " + c + " let through before producer " + p);
                        }
                    }
                }
            }
            // drain: dispatch and end everything in id order; nothing may stay held
            for (long id = 1; id <= n; id++) {
                if (!ready[(int) id]) {
                    ready[(int) id] = true;
                    gate.admit(id);
                }
            }
            for (long id = 1; id <= n; id++) {
                gate.dispatched(id);
            }
            assertEquals(0, gate.heldCount(), "round " + round);
            for (long id = 1; id <= n; id++) {
                gate.ended(id);
            }
            assertEquals(0, gate.trackedTaskCount());
            assertEquals(0, gate.trackedStreamCount());
        }
    }
}
