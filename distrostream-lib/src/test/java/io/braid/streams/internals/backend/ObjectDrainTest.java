package io.braid.streams.internals.backend;

import io.braid.streams.BackendException;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The drain's end condition, with a scripted subscriber and a fake clock (each poll advances it by its wait). */
class ObjectDrainTest {

    /** Returns the scripted batches in order, then nothing; each record returned counts as accepted. */
    static class Scripted implements ObjectSubscriber {
        final Deque<List<byte[]>> batches = new ArrayDeque<>();
        final List<Long> waits = new ArrayList<>();
        long accepted;
        long clockNs;
        /** What the backend says when the drain asks the count again (0: no more than the caller passed). */
        long publishedNow;

        Scripted batch(int n) {
            List<byte[]> b = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                b.add(new byte[] {(byte) i});
            }
            batches.add(b);
            return this;
        }

        @Override
        public List<byte[]> poll(long timeoutMs) {
            waits.add(timeoutMs);
            List<byte[]> b = batches.poll();
            if (b == null) {
                clockNs += TimeUnit.MILLISECONDS.toNanos(timeoutMs);
                return List.of();
            }
            accepted += b.size();
            return b;
        }

        @Override
        public long acceptedCount() {
            return accepted;
        }

        @Override
        public long publishedCount() {
            return publishedNow;
        }

        @Override
        public long drainPatienceMs() {
            return 7_000;
        }

        @Override
        public List<byte[]> drain() {
            throw new AssertionError("not used");
        }

        @Override
        public void close() {
        }
    }

    @Test
    void endsWithoutPollingWhenTheOthersAcceptedEverything() throws Exception {
        Scripted s = new Scripted().batch(3);
        List<Long> reported = new ArrayList<>();
        List<byte[]> got = ObjectDrain.drain(s, 10, mine -> {
            reported.add(mine);
            return 10;
        }, () -> s.clockNs);
        assertEquals(List.of(), got);
        assertEquals(List.of(), s.waits, "no poll at all");
        assertEquals(List.of(0L), reported);
    }

    @Test
    void takesWhatIsLeftAndEndsOnceTheApplicationsTotalIsReached() throws Exception {
        Scripted s = new Scripted().batch(2).batch(2).batch(1);
        long others = 5;
        List<byte[]> got = ObjectDrain.drain(s, 10, mine -> others + mine, () -> s.clockNs);
        assertEquals(5, got.size());
        assertEquals(4, s.waits.size(), "three batches and one empty poll: " + s.waits);
        assertTrue(s.clockNs <= TimeUnit.MILLISECONDS.toNanos(ObjectDrain.FIRST_WAIT_MS), "ends after one short wait");
    }

    @Test
    void waitsForOtherReadersToAcceptWhatTheyHold() throws Exception {
        Scripted s = new Scripted();
        long[] others = {4};
        List<byte[]> got = ObjectDrain.drain(s, 6, mine -> {
            if (s.waits.size() == 3) {
                others[0] = 6; // the other reader's poll ended and it reported
            }
            return others[0] + mine;
        }, () -> s.clockNs);
        assertEquals(List.of(), got);
        assertEquals(List.of(10L, 20L, 40L), s.waits, "waits grow while records are missing");
    }

    @Test
    void waitsAreCappedAndTheDrainGivesUpAfterThePatienceWithoutProgress() throws Exception {
        Scripted s = new Scripted();
        List<byte[]> got = ObjectDrain.drain(s, 6, mine -> 5, () -> s.clockNs);
        assertEquals(List.of(), got);
        assertTrue(s.waits.stream().allMatch(w -> w <= ObjectDrain.MAX_WAIT_MS), s.waits.toString());
        long waited = TimeUnit.NANOSECONDS.toMillis(s.clockNs);
        assertTrue(waited > 7_000 && waited <= 7_000 + ObjectDrain.MAX_WAIT_MS, "gave up after " + waited + " ms");
    }

    @Test
    void progressOfOtherReadersRestartsThePatience() throws Exception {
        Scripted s = new Scripted();
        long[] total = {0};
        List<byte[]> got = ObjectDrain.drain(s, 100, mine -> {
            long ms = TimeUnit.NANOSECONDS.toMillis(s.clockNs);
            if (ms < 21_000 && ms / 5_000 > total[0]) {
                total[0] = ms / 5_000; // one more record accepted elsewhere every 5 s, until 20 s
            }
            return total[0];
        }, () -> s.clockNs);
        assertEquals(List.of(), got);
        long waited = TimeUnit.NANOSECONDS.toMillis(s.clockNs);
        assertTrue(waited > 27_000 && waited < 28_000, "patience counted from the last progress: " + waited + " ms");
    }

    @Test
    void recordsHereRestartThePatience() throws Exception {
        Scripted s = new Scripted();
        int[] polls = {0};
        ObjectSubscriber slowTrickle = new Scripted() {
            @Override
            public List<byte[]> poll(long timeoutMs) {
                polls[0]++;
                s.clockNs += TimeUnit.MILLISECONDS.toNanos(timeoutMs);
                if (polls[0] % 20 == 0 && accepted < 3) { // a record released by a dead reader's lock now and then
                    accepted++;
                    return List.of(new byte[1]);
                }
                return List.of();
            }
        };
        List<byte[]> got = ObjectDrain.drain(slowTrickle, 3, mine -> mine, () -> s.clockNs);
        assertEquals(3, got.size());
    }

    @Test
    void failuresOfTheProgressSourcePropagate() {
        Scripted s = new Scripted();
        BackendException e = org.junit.jupiter.api.Assertions.assertThrows(BackendException.class,
                () -> ObjectDrain.drain(s, 1, mine -> {
                    throw new BackendException("server gone");
                }, () -> s.clockNs));
        assertEquals("server gone", e.getMessage());
    }

    @Test
    void aCountThatGrewWhenTheTotalIsReachedKeepsTheDrainGoing() throws Exception {
        // Another reader closed holding a record it had accepted ahead: it gave it back as an 11th
        // record and counted the original, so the application's total reaches 10 before the copy is read.
        Scripted s = new Scripted();
        s.publishedNow = 11;
        long[] others = {10};
        List<byte[]> got = ObjectDrain.drain(s, 10, mine -> {
            if (s.waits.size() == 1) {
                s.batch(1); // the copy comes to this reader's next poll
            }
            return others[0] + mine;
        }, () -> s.clockNs);
        assertEquals(1, got.size(), "the copy was drained");
        assertEquals(1, s.accepted);
    }
}
