package io.braid.streams.internals.kafka;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.Sharing;
import io.braid.streams.internals.kafka.ReaderCoreTest.Broker;
import io.braid.streams.internals.kafka.ReaderCoreTest.Fake;
import io.braid.streams.internals.kafka.ReaderCoreTest.State;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.braid.streams.internals.kafka.ReaderCoreTest.idle;
import static io.braid.streams.internals.kafka.ReaderCoreTest.poll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fetch ahead on a loaded machine, against {@link ReaderCoreTest}'s fake broker and clock:
 * the reader's thread gets to its idle time late, or the broker answers the fetch after its
 * window. Before, the fetch ahead was one stretch of the clock from the hand-over, and either
 * left the reader fetching nothing until the application's next poll although a record waited
 * ({@code FetchAheadKafkaTest} failed that way at load 8–9).
 */
class ReaderCoreBusyMachineTest {

    private static long ms(long ms) {
        return TimeUnit.MILLISECONDS.toNanos(ms);
    }

    /**
     * The reader's thread with no event coming: it sleeps until the next step of its idle time is
     * due and takes it, until nothing is due, records are ahead, or {@code forMs} have passed.
     */
    static void idleAsTheThread(Broker broker, ReaderCore reader, long forMs) {
        long until = broker.clockNs + ms(forMs);
        for (int i = 0; i < 1_000 && reader.aheadCount() == 0; i++) {
            long due = reader.idleDueNs();
            if (due == Long.MAX_VALUE || due > until) {
                return;
            }
            broker.clockNs = Math.max(broker.clockNs, due);
            reader.idle();
        }
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aReaderWhoseThreadGetsToTheFetchAheadAfterItsWindowStillFetchesAhead(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r, 100));
        b.advanceMs(ReaderCore.FETCH_AHEAD_MS + 30); // the reader's thread comes back to its idle time late
        idle(b, r);
        if (mode == ConsumerMode.AT_LEAST_ONCE) {
            assertEquals(Long.MAX_VALUE, r.idleDueNs(), "AT_LEAST_ONCE never fetches ahead");
            assertEquals(0, r.aheadCount());
            assertEquals(State.AVAILABLE, b.states.get(1), "b stays for whoever asks");
            return;
        }
        assertEquals(1, r.aheadCount(), "late, not never: the window opens when the thread gets to it");
        int polls = b.consumers.get(0).polls;
        assertEquals(List.of("b"), poll(b, r, 100));
        assertEquals(polls, b.consumers.get(0).polls, "returned without a fetch");
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aFetchAheadWhoseAnswerComesAfterItsWindowStillGetsTheRecord(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r, 100));
        long handOver = b.clockNs;
        b.answersFromNs = handOver + ms(ReaderCore.FETCH_AHEAD_MS + 70); // the broker answers 120 ms later
        idleAsTheThread(b, r, 4 * ReaderCore.FETCH_AHEAD_MAX_GAP_MS);
        Fake c = b.consumers.get(0);
        if (mode == ConsumerMode.AT_LEAST_ONCE) {
            assertEquals(Long.MAX_VALUE, r.idleDueNs(), "AT_LEAST_ONCE never fetches ahead");
            assertEquals(0, r.aheadCount());
            assertEquals(1, c.polls, "only the application's poll fetched");
            return;
        }
        assertEquals(1, r.aheadCount(), "the record that came after the window is fetched ahead by a look");
        assertTrue(b.clockNs >= b.answersFromNs);
        assertEquals(List.of(50L, 50L, 0L, 0L), c.waitsMs,
                "the poll's fetch, the window's slice, then looks that do not wait (50 and 150 ms after it)");
        assertEquals(State.ACCEPTED, b.states.get(1), "accepted ahead");
        assertEquals(List.of("b"), poll(b, r, 100));
        assertEquals(4, c.polls, "returned without a fetch");
    }

    @Test
    void aFetchAheadThatFindsNothingLooksAFewTimesWithoutWaitingThenStops() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(2, Sharing.SHARED);
        b.publish("a");
        assertEquals(List.of("a"), poll(b, r, 100));
        long handOver = b.clockNs;
        idleAsTheThread(b, r, 10 * ReaderCore.FETCH_AHEAD_MAX_GAP_MS);
        assertEquals(Long.MAX_VALUE, r.idleDueNs(), "the plan ended: nothing to do until the next event");
        assertEquals(List.of(50L, 50L, 0L, 0L, 0L, 0L, 0L), b.consumers.get(0).waitsMs,
                "the poll's fetch, the window's slice, then five looks (50, 150, 350, 750 and 1,550 ms after it)");
        assertTrue(b.clockNs - handOver <= ms(ReaderCore.FETCH_AHEAD_MS + ReaderCore.FETCH_AHEAD_MAX_GAP_MS),
                "the last look is within the gap after the window: " + (b.clockNs - handOver) / 1_000_000 + " ms");
        b.publish("b");
        idle(b, r);
        assertEquals(0, r.aheadCount(), "nothing fetched once the plan ended: b stays for the readers that ask");
        assertEquals(State.AVAILABLE, b.states.get(1));
        assertEquals(List.of("b"), poll(b, r, 100));
    }

    @Test
    void aPollBetweenTwoLooksEndsThePlanAndFetchesItself() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.EXACTLY_ONCE);
        r.told(2, Sharing.SHARED);
        b.publish("a");
        assertEquals(List.of("a"), poll(b, r, 100));
        idle(b, r); // the window's slice finds nothing
        assertTrue(r.idleDueNs() > b.clockNs, "the first look is later: the thread waits for events meanwhile");
        b.publish("b");
        assertEquals(List.of("b"), poll(b, r, 100), "the application's poll takes it at once");
        b.publish("c");
        b.clockNs += ms(ReaderCore.FETCH_AHEAD_MAX_GAP_MS + 1); // the application worked long on b
        assertEquals(List.of("c"), poll(b, r, 100));
        idleAsTheThread(b, r, 10 * ReaderCore.FETCH_AHEAD_MAX_GAP_MS);
        b.publish("d");
        idle(b, r);
        assertEquals(0, r.aheadCount(), "it came back too late last time: nothing planned, d stays for the others");
        assertEquals(Long.MAX_VALUE, r.idleDueNs());
    }
}
