package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.Sharing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader's state machine per consumer mode, against a fake broker and a fake clock (a wait on
 * the consumer that finds nothing advances the clock by its timeout), driven the way its thread
 * drives it: poll steps with the server's news, hand-overs, fences, closes and lost readers put
 * between them. The real-broker behaviour is checked by {@code KafkaObjectBackendTest},
 * {@code FetchAheadKafkaTest}, {@code SoloReaderKafkaTest} and the stream tests.
 */
class ReaderCoreTest {

    static final String GROUP = "braid.app.s1";
    static final TopicPartition PARTITION = new TopicPartition("braid-stream-s1", 0);

    enum State { AVAILABLE, ACQUIRED, ACCEPTED }

    /** One partition's records and one application's group: who holds what, and the clock. */
    static final class Broker {
        final List<byte[]> values = new ArrayList<>();
        final List<String> onlyFor = new ArrayList<>();
        final List<State> states = new ArrayList<>();
        final List<Fake> holders = new ArrayList<>();
        final List<Fake> consumers = new ArrayList<>();
        /** Counts the readers reported when their count rose outside a poll ({@code Outside.countRose}). */
        final List<Long> countReports = new ArrayList<>();
        /** The broker cannot be reached: give-backs and commits fail, a closing consumer releases nothing. */
        boolean unreachable;
        /** A wait on a consumer that starts before this time finds nothing: the broker's answer comes later (a loaded machine). */
        long answersFromNs;
        long clockNs = 1;

        void publish(String... vs) {
            for (String v : vs) {
                add(v.getBytes(StandardCharsets.UTF_8), null);
            }
        }

        void add(byte[] value, String only) {
            values.add(value);
            onlyFor.add(only);
            states.add(State.AVAILABLE);
            holders.add(null);
        }

        void advanceMs(long ms) {
            clockNs += TimeUnit.MILLISECONDS.toNanos(ms);
        }

        /** A reader's process died: its lock expires and what it held unaccepted is available again. */
        void lost(Fake c) {
            c.dead = true;
            releaseHeldBy(c);
        }

        void releaseHeldBy(Fake c) {
            for (int i = 0; i < states.size(); i++) {
                if (holders.get(i) == c && states.get(i) == State.ACQUIRED) {
                    states.set(i, State.AVAILABLE);
                    holders.set(i, null);
                }
            }
        }

        long acceptedRecords() {
            return states.stream().filter(s -> s == State.ACCEPTED).count();
        }

        ReaderCore reader(ConsumerMode mode, List<String> givenBack) {
            return new ReaderCore(PARTITION.topic(), GROUP, mode, new ReaderCore.Outside() {
                @Override
                public GroupConsumer consumer(Acquisition acquisition, LongConsumer accepted) {
                    Fake f = new Fake(Broker.this, acquisition, accepted);
                    consumers.add(f);
                    return f;
                }

                @Override
                public void giveBack(List<byte[]> vs) {
                    if (unreachable) {
                        throw new BackendException("Kafka backend: could not publish to " + PARTITION.topic()
                                + " (TimeoutException)");
                    }
                    for (byte[] v : vs) {
                        add(v, GROUP);
                        givenBack.add(new String(v, StandardCharsets.UTF_8));
                    }
                }

                @Override
                public void checkReachable() {
                }

                @Override
                public void countRose(long accepted) {
                    countReports.add(accepted);
                }

                @Override
                public long nanoTime() {
                    return clockNs;
                }
            });
        }

        ReaderCore reader(ConsumerMode mode) {
            return reader(mode, new ArrayList<>());
        }
    }

    /** A consumer: acquires available records (one per fetch when shared, all otherwise). */
    static final class Fake implements GroupConsumer {
        final Broker broker;
        final Acquisition acquisition;
        final LongConsumer accepted;
        /** AT_LEAST_ONCE acceptances that the next poll (or commit) sends. */
        final Set<Integer> marked = new LinkedHashSet<>();
        boolean fenced;
        /** Fenced as soon as a fetch returns records (before their acceptance). */
        boolean fenceAfterNextFetch;
        boolean closed;
        boolean dead;
        int polls;
        /** The timeout of every poll, in ms (0: it did not wait). */
        final List<Long> waitsMs = new ArrayList<>();

        Fake(Broker broker, Acquisition acquisition, LongConsumer accepted) {
            this.broker = broker;
            this.acquisition = acquisition;
            this.accepted = accepted;
        }

        private void usable() {
            if (closed || dead) {
                throw new AssertionError("consumer used after " + (closed ? "close" : "its reader was lost"));
            }
        }

        @Override
        public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
            usable();
            polls++;
            waitsMs.add(timeout.toMillis());
            sendMarked();
            if (broker.clockNs < broker.answersFromNs) {
                broker.clockNs += timeout.toNanos(); // the answer comes after this wait
                return ConsumerRecords.empty();
            }
            List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
            int limit = acquisition == Acquisition.SHARED ? 1 : Integer.MAX_VALUE;
            for (int i = 0; i < broker.states.size() && got.size() < limit; i++) {
                if (broker.states.get(i) == State.AVAILABLE) {
                    broker.states.set(i, State.ACQUIRED);
                    broker.holders.set(i, this);
                    RecordHeaders headers = new RecordHeaders();
                    if (broker.onlyFor.get(i) != null) {
                        headers.add(new RecordHeader(GroupCopies.ONLY_FOR_GROUP_HEADER,
                                broker.onlyFor.get(i).getBytes(StandardCharsets.UTF_8)));
                    }
                    got.add(new ConsumerRecord<>(PARTITION.topic(), PARTITION.partition(), i, 0L,
                            TimestampType.CREATE_TIME, 0, 0, null, broker.values.get(i), headers, Optional.empty()));
                }
            }
            if (got.isEmpty()) {
                broker.clockNs += timeout.toNanos();
                return ConsumerRecords.empty();
            }
            fenced |= fenceAfterNextFetch;
            return new ConsumerRecords<>(Map.of(PARTITION, got), Map.of());
        }

        private void sendMarked() {
            if (marked.isEmpty()) {
                return;
            }
            int n = 0;
            for (int i : marked) {
                if (fenced) {
                    broker.states.set(i, State.AVAILABLE); // refused: the records come again
                    broker.holders.set(i, null);
                } else {
                    broker.states.set(i, State.ACCEPTED);
                    n++;
                }
            }
            marked.clear();
            if (n > 0) {
                accepted.accept(n);
            }
        }

        @Override
        public Set<TopicPartition> acceptAndCommit(ConsumerRecords<byte[], byte[]> records) {
            usable();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                int i = (int) r.offset();
                broker.states.set(i, fenced ? State.AVAILABLE : State.ACCEPTED);
                broker.holders.set(i, null);
            }
            return fenced ? records.partitions() : Set.of();
        }

        @Override
        public void acceptWithNextPoll(ConsumerRecords<byte[], byte[]> records) {
            usable();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                marked.add((int) r.offset());
            }
        }

        @Override
        public void commitAccepted() {
            usable();
            if (broker.unreachable) {
                throw new BackendException("Kafka backend: could not commit (TimeoutException)");
            }
            sendMarked();
        }

        @Override
        public void release(ConsumerRecords<byte[], byte[]> records) {
            usable();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                broker.states.set((int) r.offset(), State.AVAILABLE);
                broker.holders.set((int) r.offset(), null);
            }
        }

        @Override
        public boolean fenced() {
            return fenced;
        }

        @Override
        public void close(Duration timeout) {
            usable();
            closed = true;
            if (!broker.unreachable) { // else what it held stays acquired until the lock expires
                broker.releaseHeldBy(this);
            }
        }
    }

    /** Runs one poll as the reader's thread does, applying {@code between} before each step after the first. */
    static List<String> poll(Broker broker, ReaderCore reader, long timeoutMs, Runnable... between) throws Exception {
        long deadline = broker.clockNs + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        reader.beginPoll();
        List<byte[]> got;
        int step = 0;
        while ((got = reader.pollStep(deadline, false)) == null) {
            if (step < between.length) {
                between[step++].run();
            } else if (reader.waitsForServer()) {
                broker.clockNs = deadline; // no news came: the wait ends at the deadline
            }
        }
        List<String> out = new ArrayList<>();
        got.forEach(v -> out.add(new String(v, StandardCharsets.UTF_8)));
        return out;
    }

    /** The reader's idle time until nothing is due now (a fetch ahead, a settle). */
    static void idle(Broker broker, ReaderCore reader) {
        for (int i = 0; i < 100 && reader.idleDueNs() <= broker.clockNs; i++) {
            reader.idle();
        }
    }

    static void assertEveryRecordOnce(Broker broker, List<String> got, String... expected) {
        assertEquals(List.of(expected).size(), got.size(), "every record once: " + got);
        assertEquals(new HashSet<>(List.of(expected)), new HashSet<>(got));
    }

    // ---- one reader, each mode -----------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aSharingReaderReadsEveryRecordOnceAndCountsThem(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b", "c", "d");
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 10 && got.size() < 4; i++) {
            got.addAll(poll(b, r, 100));
            idle(b, r); // the application works: the reader may fetch ahead
        }
        assertEveryRecordOnce(b, got, "a", "b", "c", "d");
        assertTrue(poll(b, r, 100).isEmpty());
        assertEquals(4, r.acceptedCount(), "every record accepted once the next poll asked (AT_LEAST_ONCE)");
        r.close();
        assertEquals(4, b.acceptedRecords());
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aPollThatHandedRecordsOverFetchesTheNextAheadAndTheNextPollReturnsThemWithoutFetching(ConsumerMode mode)
            throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r, 100));
        assertEquals(1, r.acceptedCount());
        idle(b, r);
        assertEquals(1, r.aheadCount(), "b accepted ahead while the application works on a");
        assertEquals(State.ACCEPTED, b.states.get(1), "committed before it is handed over");
        assertEquals(1, r.acceptedCount(), "counted when handed over, not before");
        int polls = b.consumers.get(0).polls;
        assertEquals(List.of("b"), poll(b, r, 100));
        assertEquals(polls, b.consumers.get(0).polls, "returned without a fetch");
        assertEquals(2, r.acceptedCount());
    }

    @Test
    void atLeastOnceDoesNotFetchAheadAndAcceptsAPollsRecordsWithTheNextPoll() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r, 100));
        assertEquals(Long.MAX_VALUE, r.idleDueNs(), "nothing to do while idle");
        assertEquals(State.ACQUIRED, b.states.get(0), "in hand, not accepted");
        assertEquals(List.of("b"), poll(b, r, 100));
        assertEquals(State.ACCEPTED, b.states.get(0), "accepted with the next fetch");
        assertEquals(1, r.acceptedCount());
        r.close();
        assertEquals(2, r.acceptedCount(), "close accepts what the last poll returned");
        assertTrue(b.consumers.get(0).closed);
    }

    @Test
    void aReaderThatWorksLongOnARecordDoesNotFetchAhead() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b", "c");
        assertEquals(List.of("a"), poll(b, r, 100));
        idle(b, r);
        assertEquals(1, r.aheadCount(), "its first hand-over fetches ahead (the gap is not known yet)");
        b.advanceMs(ReaderCore.FETCH_AHEAD_MAX_GAP_MS + 1); // the application works long on a
        assertEquals(List.of("b"), poll(b, r, 100));
        idle(b, r);
        assertEquals(0, r.aheadCount(), "it came back too late last time: the next record stays for the others");
    }

    // ---- given back --------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void whatAReaderAcceptedAheadIsGivenBackOnCloseAndAnotherReaderGetsItOnce(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        List<String> givenBack = new ArrayList<>();
        ReaderCore r1 = b.reader(mode, givenBack);
        ReaderCore r2 = b.reader(mode);
        r1.told(2, Sharing.SHARED);
        r2.told(2, Sharing.SHARED);
        b.publish("a", "b");
        List<String> got = new ArrayList<>(poll(b, r1, 100));
        idle(b, r1);
        assertEquals(1, r1.aheadCount());
        r1.close();
        assertEquals(List.of("b"), givenBack);
        assertEquals(2, r1.acceptedCount(), "given back, then counted: the counts add up to the topic");
        got.addAll(poll(b, r2, 100));
        assertEveryRecordOnce(b, got, "a", "b");
        assertEquals(3, b.values.size(), "the copy is a record of its own");
        assertEquals(3, r1.acceptedCount() + r2.acceptedCount(), "accepted records add up to the topic's");
    }

    @Test
    void whatNobodyAsksForWithinTheHoldIsGivenBackByTheIdleReader() throws Exception {
        Broker b = new Broker();
        List<String> givenBack = new ArrayList<>();
        ReaderCore r = b.reader(ConsumerMode.EXACTLY_ONCE, givenBack);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        poll(b, r, 100);
        idle(b, r);
        assertEquals(1, r.aheadCount());
        long due = r.idleDueNs();
        assertEquals(TimeUnit.MILLISECONDS.toNanos(ReaderCore.GIVE_BACK_MS), due - b.clockNs, 1_000_000.0 * 60);
        b.clockNs = due - 1;
        r.idle();
        assertEquals(1, r.aheadCount(), "not before the hold ends");
        b.clockNs = due;
        r.idle();
        assertEquals(0, r.aheadCount());
        assertEquals(List.of("b"), givenBack);
        assertEquals(2, r.acceptedCount());
        assertEquals(List.of("b"), poll(b, r, 100), "its own copy comes back to its group");
    }

    @Test
    void aCopyGivenBackForAnotherGroupIsAcceptedAndSkipped() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(1, Sharing.SHARED);
        b.publish("a");
        b.add("x".getBytes(StandardCharsets.UTF_8), "braid.other.s1");
        assertEquals(List.of("a"), poll(b, r, 100));
        assertEquals(2, r.acceptedCount(), "the other group's copy counts as accepted here");
        assertEquals(2, b.acceptedRecords());
    }

    // ---- acquisition and news ----------------------------------------------------------------

    @Test
    void aBulkFetchAheadThatEndsAfterASecondReaderCameIsReleasedForTheReadersToShare() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(1, Sharing.SHARED);
        b.publish("a");
        assertEquals(List.of("a"), poll(b, r, 100));
        b.publish("b", "c", "d");
        r.idle(); // one slice: the bulk consumer acquires the whole batch
        r.told(2, Sharing.SHARED); // the news that came while it waited is applied before it accepts
        idle(b, r);
        assertEquals(0, r.aheadCount(), "released, not accepted");
        assertEquals(Acquisition.SHARED, b.consumers.get(b.consumers.size() - 1).acquisition);
        assertTrue(b.consumers.get(0).closed, "the bulk consumer left holding nothing");
        List<String> got = new ArrayList<>(List.of("a"));
        for (int i = 0; i < 5 && got.size() < 4; i++) {
            got.addAll(poll(b, r, 100));
        }
        assertEveryRecordOnce(b, got, "a", "b", "c", "d");
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void anIdleReaderSwitchesItsAcquisitionWhenTold(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SHARED);
        poll(b, r, 10);
        assertEquals(Acquisition.BULK, b.consumers.get(0).acquisition);
        r.told(3, Sharing.SHARED);
        assertTrue(b.consumers.get(0).closed, "replaced at once, not at the next poll");
        assertEquals(Acquisition.SHARED, b.consumers.get(1).acquisition);
    }

    @Test
    void anAtLeastOnceReaderWithRecordsInHandSwitchesAtItsNextPollAfterAcceptingThem() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r.told(1, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a", "b"), poll(b, r, 10));
        r.told(2, Sharing.SHARED);
        assertFalse(b.consumers.get(0).closed, "it holds records: no switch yet");
        b.publish("c");
        assertEquals(List.of("c"), poll(b, r, 10));
        assertTrue(b.consumers.get(0).closed);
        assertEquals(State.ACCEPTED, b.states.get(1), "committed before the old consumer left");
        assertEquals(2, r.acceptedCount());
    }

    @Test
    void staleNewsNeverTakeAReaderBackToReadingAlone() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(2, Sharing.SHARED);
        r.told(1, Sharing.SOLO);
        poll(b, r, 10);
        assertEquals(Acquisition.BULK, b.consumers.get(0).acquisition, "alone, but on the share group");
    }

    // ---- the solo reader's hand-over ---------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void anIdleSoloReaderHandsOverAtOnceThenReadsNothingUntilTheReadersShare(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        List<String> got = new ArrayList<>(poll(b, r, 100));
        poll(b, r, 10); // AT_LEAST_ONCE: accepts a, with a fetch that found nothing
        r.told(2, Sharing.HANDING_OVER);
        r.handOver();
        if (mode == ConsumerMode.AT_LEAST_ONCE) {
            // Its acceptance went with a fetch that returned nothing, so it cannot be sure it was
            // sent: it commits and hands over at its next poll.
            assertFalse(r.handedOver());
            assertTrue(poll(b, r, 10).isEmpty());
        }
        assertTrue(r.handedOver());
        assertTrue(b.consumers.get(0).closed);
        b.publish("b");
        assertTrue(poll(b, r, 100).isEmpty(), "nothing is read while handing over");
        assertEquals(1, b.consumers.size());
        r.told(2, Sharing.SHARED);
        got.addAll(poll(b, r, 100));
        assertEquals(Acquisition.SHARED, b.consumers.get(1).acquisition);
        assertEveryRecordOnce(b, got, "a", "b");
    }

    @Test
    void anAtLeastOnceSoloReaderHoldingRecordsHandsOverAtItsNextPoll() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        assertEquals(List.of("a"), poll(b, r, 100));
        r.handOver();
        assertFalse(r.handedOver(), "its records are accepted only when it polls again");
        assertFalse(b.consumers.get(0).closed);
        assertTrue(poll(b, r, 100).isEmpty());
        assertTrue(r.handedOver());
        assertEquals(State.ACCEPTED, b.states.get(0), "committed where the server reads it before it left");
        assertEquals(1, r.acceptedCount());
    }

    @Test
    void anAtLeastOnceSoloReaderHoldingRecordsHandsOverAtItsClose() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        poll(b, r, 100);
        r.handOver();
        assertFalse(r.handedOver());
        r.close();
        assertTrue(r.handedOver());
        assertEquals(State.ACCEPTED, b.states.get(0));
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aSoloReaderWithRecordsAheadHandsOverAtOnceAndStillReturnsThem(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        List<String> got = new ArrayList<>(poll(b, r, 100));
        b.publish("b");
        idle(b, r);
        assertEquals(1, r.aheadCount(), "b committed in the solo group, not handed over yet");
        r.told(2, Sharing.HANDING_OVER);
        r.handOver();
        assertTrue(r.handedOver(), "what it accepted ahead is committed: nothing to wait for");
        got.addAll(poll(b, r, 100));
        assertEquals(List.of("a", "b"), got, "its own records still come while it hands over");
        b.publish("c");
        r.told(2, Sharing.SHARED);
        got.addAll(poll(b, r, 100));
        assertEveryRecordOnce(b, got, "a", "b", "c");
    }

    @Test
    void anAtLeastOnceSoloReaderFencedDuringItsHandOverGivesWhatItHeldToTheShareGroup() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        assertEquals(List.of("a"), poll(b, r, 100));
        r.told(2, Sharing.HANDING_OVER);
        r.handOver();
        b.consumers.get(0).fenced = true; // it did not answer in time: the server removed it
        assertTrue(poll(b, r, 100).isEmpty());
        assertTrue(r.handedOver(), "its commit failed, and it left anyway");
        assertEquals(0, r.acceptedCount());
        r.told(2, Sharing.SHARED);
        assertEquals(List.of("a"), poll(b, r, 100), "what it held comes again (AT_LEAST_ONCE allows it)");
        poll(b, r, 10);
        assertEquals(1, r.acceptedCount());
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aHandOverAskedDuringALongPollTakesEffectBetweenItsSlices(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        long start = b.clockNs;
        List<String> got = poll(b, r, 1_000, () -> r.told(2, Sharing.HANDING_OVER), r::handOver);
        assertTrue(got.isEmpty());
        assertTrue(r.handedOver(), "handed over within the poll");
        assertTrue(b.consumers.get(0).closed);
        assertTrue(b.consumers.get(0).polls <= 2, "slices of " + ReaderCore.SLICE_MS + " ms, then none");
        assertEquals(start + TimeUnit.MILLISECONDS.toNanos(1_000), b.clockNs, "the poll still ends at its deadline");
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aSoloReaderThatGotReadyDuringAHandOverJoinsOnceTheReadersShare(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.HANDING_OVER);
        r.getReady();
        idle(b, r);
        assertTrue(b.consumers.isEmpty(), "nothing is read while handing over");
        r.told(2, Sharing.SHARED);
        idle(b, r);
        assertEquals(mode != ConsumerMode.AT_LEAST_ONCE, r.hasConsumer(),
                "AT_MOST_ONCE and EXACTLY_ONCE join at once; AT_LEAST_ONCE at its first poll");
    }

    // ---- fenced and lost readers -------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aSoloReaderRemovedFromItsGroupWithoutAHandOverJoinsAgainAndLosesNothing(ConsumerMode mode)
            throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        List<String> got = new ArrayList<>(poll(b, r, 100));
        poll(b, r, 10); // AT_LEAST_ONCE: accepts a
        b.consumers.get(0).fenced = true; // the coordinator timed it out
        b.publish("b", "c");
        for (int i = 0; i < 5 && got.size() < 3; i++) {
            got.addAll(poll(b, r, 100));
            idle(b, r);
        }
        r.close();
        assertTrue(b.consumers.size() >= 2, "a new member joined");
        assertEquals(Acquisition.SOLO, b.consumers.get(b.consumers.size() - 1).acquisition);
        assertEquals(new HashSet<>(List.of("a", "b", "c")), new HashSet<>(got), "nothing lost");
        if (mode != ConsumerMode.AT_LEAST_ONCE) {
            assertEveryRecordOnce(b, got, "a", "b", "c");
        }
        assertEquals(3, b.acceptedRecords());
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aFetchAheadWhoseCommitIsRefusedHandsNothingOverAndTheRecordsComeAgain(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        b.publish("a");
        List<String> got = new ArrayList<>(poll(b, r, 100));
        b.publish("b");
        b.consumers.get(0).fenceAfterNextFetch = true; // removed while its fetch ahead waited
        idle(b, r);
        assertEquals(0, r.aheadCount(), "refused: not the reader's");
        for (int i = 0; i < 3 && got.size() < 2; i++) {
            got.addAll(poll(b, r, 100));
        }
        assertEveryRecordOnce(b, got, "a", "b");
        assertEquals(2, r.acceptedCount());
    }

    @Test
    void anAtLeastOnceReaderLostWithRecordsInHandGivesThemToAnother() throws Exception {
        Broker b = new Broker();
        ReaderCore dying = b.reader(ConsumerMode.AT_LEAST_ONCE);
        ReaderCore survivor = b.reader(ConsumerMode.AT_LEAST_ONCE);
        dying.told(2, Sharing.SHARED);
        survivor.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, dying, 100));
        assertEquals(List.of("b"), poll(b, dying, 100)); // a accepted, b in hand
        b.lost(b.consumers.get(0));
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            got.addAll(poll(b, survivor, 100));
        }
        assertEquals(List.of("b"), got, "what the lost reader held comes again; what it accepted does not");
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aReaderLostWithRecordsAcceptedAheadLosesThemAndNothingComesTwice(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore dying = b.reader(mode);
        ReaderCore survivor = b.reader(mode);
        dying.told(2, Sharing.SHARED);
        survivor.told(2, Sharing.SHARED);
        b.publish("a", "b", "c");
        List<String> got = new ArrayList<>(poll(b, dying, 100));
        idle(b, dying); // b accepted ahead
        b.lost(b.consumers.get(0));
        for (int i = 0; i < 3; i++) {
            got.addAll(poll(b, survivor, 100));
        }
        assertEquals(List.of("a", "c"), got, "b is lost with its reader: at most once");
    }

    // ---- close -------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aClosedReaderRefusesPollsAndIgnoresNews(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(1, Sharing.SOLO);
        poll(b, r, 10);
        r.close();
        r.close();
        assertTrue(b.consumers.get(0).closed);
        assertThrows(BackendException.class, r::beginPoll);
        r.told(2, Sharing.HANDING_OVER);
        r.handOver();
        r.getReady();
        r.idle();
        assertTrue(r.handedOver());
        assertEquals(1, b.consumers.size(), "no consumer after close");
        assertEquals(Long.MAX_VALUE, r.idleDueNs());
    }

    @Test
    void aReaderClosedWhileAFetchAheadHeldRecordsUnacceptedReleasesThem() throws Exception {
        Broker b = new Broker();
        List<String> givenBack = new ArrayList<>();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE, givenBack);
        r.told(1, Sharing.SHARED);
        b.publish("a");
        poll(b, r, 100);
        b.publish("b", "c");
        r.idle(); // fetched, not settled yet
        r.close();
        assertTrue(givenBack.isEmpty(), "never accepted: released, not given back");
        assertEquals(State.AVAILABLE, b.states.get(1));
        assertEquals(1, r.acceptedCount());
        ReaderCore next = b.reader(ConsumerMode.AT_MOST_ONCE);
        next.told(1, Sharing.SHARED);
        assertEquals(List.of("b", "c"), poll(b, next, 100));
    }

    @Test
    void anEmptyPollEndsAtItsDeadlineInSlices() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(2, Sharing.SHARED);
        long start = b.clockNs;
        r.beginPoll();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(120);
        assertNull(r.pollStep(deadline, false));
        assertEquals(start + TimeUnit.MILLISECONDS.toNanos(ReaderCore.SLICE_MS), b.clockNs);
        assertNull(r.pollStep(deadline, false));
        assertEquals(List.of(), r.pollStep(deadline, false));
        assertEquals(deadline, b.clockNs);
    }

    // ---- give-backs report the count; give-backs and acceptances that fail are errors ----------

    /** How a reader comes to give back the record it accepted ahead. */
    enum GiveBack { TIMER, CLOSE, TIMER_AFTER_HAND_OVER, TIMER_AFTER_FENCE }

    /**
     * Every give-back raises the count outside the application's polls and reports it at once:
     * the drains of the application's other readers must not wait for this reader's next poll or
     * close (before, the timer's give-back did not report, and a drain after the stream's close
     * ended only by its fallback). A hand-over or a fenced consumer keeps the records ahead; the
     * timer then gives them back, and reports the same way.
     */
    @ParameterizedTest
    @EnumSource(GiveBack.class)
    void everyGiveBackReportsTheNewCount(GiveBack how) throws Exception {
        for (ConsumerMode mode : List.of(ConsumerMode.AT_MOST_ONCE, ConsumerMode.EXACTLY_ONCE)) {
            Broker b = new Broker();
            List<String> givenBack = new ArrayList<>();
            ReaderCore r = b.reader(mode, givenBack);
            boolean solo = how == GiveBack.TIMER_AFTER_HAND_OVER || how == GiveBack.TIMER_AFTER_FENCE;
            r.told(solo ? 1 : 2, solo ? Sharing.SOLO : Sharing.SHARED);
            b.publish("a");
            assertEquals(List.of("a"), poll(b, r, 100));
            b.publish("b");
            idle(b, r);
            assertEquals(1, r.aheadCount(), mode + ": b accepted ahead");
            assertEquals(List.of(), b.countReports, mode + ": nothing to report yet (a poll's count goes with the poll)");
            if (how == GiveBack.TIMER_AFTER_HAND_OVER) {
                r.told(2, Sharing.HANDING_OVER);
                r.handOver();
                assertTrue(r.handedOver());
            } else if (how == GiveBack.TIMER_AFTER_FENCE) {
                b.consumers.get(0).fenced = true;
            }
            if (how == GiveBack.CLOSE) {
                r.close();
            } else {
                assertEquals(1, r.aheadCount(), mode + ": still the reader's own after " + how);
                b.clockNs = r.idleDueNs();
                r.idle();
            }
            assertEquals(List.of("b"), givenBack, mode + " " + how);
            assertEquals(2, r.acceptedCount());
            assertEquals(List.of(2L), b.countReports, mode + " " + how + ": the give-back reported the new count once");
        }
    }

    @Test
    void aCopyForAnotherGroupSkippedWhileFetchingAheadReportsTheCount() throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(ConsumerMode.AT_MOST_ONCE);
        r.told(2, Sharing.SHARED);
        b.publish("a");
        b.add("x".getBytes(StandardCharsets.UTF_8), "braid.other.s1");
        assertEquals(List.of("a"), poll(b, r, 100));
        idle(b, r);
        assertEquals(2, r.acceptedCount(), "the skipped copy counts");
        assertEquals(List.of(2L), b.countReports, "counted while the application works: reported at once");
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aTimerGiveBackTheBrokerRefusesIsCountedAndTheNextPollThrowsOneErrorNamingTheStreamAndHowMany(ConsumerMode mode)
            throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b", "c");
        assertEquals(List.of("a"), poll(b, r, 100));
        idle(b, r);
        assertEquals(1, r.aheadCount());
        b.unreachable = true;
        b.clockNs = r.idleDueNs();
        r.idle();
        assertEquals(0, r.aheadCount(), "not kept: a copy may have reached the broker, and b would come twice");
        assertEquals(2, r.acceptedCount(), "counted as taken by this reader: the other readers' drains do not wait");
        assertEquals(List.of(2L), b.countReports);
        b.unreachable = false;
        BackendException e = assertThrows(BackendException.class, () -> poll(b, r, 100));
        assertTrue(e.getMessage().contains("reader of stream s1") && e.getMessage().contains("could not give back the 1"
                + " records it had accepted ahead") && e.getMessage().contains("may be lost"), e.getMessage());
        assertEquals(State.AVAILABLE, b.states.get(2), "the failing poll took nothing");
        assertEquals(List.of("c"), poll(b, r, 100), "once: the next poll reads again");
        r.close();
    }

    @ParameterizedTest
    @EnumSource(value = ConsumerMode.class, names = {"AT_MOST_ONCE", "EXACTLY_ONCE"})
    void aGiveBackTheBrokerRefusesOnCloseIsThrownByTheCloseOnceTheReaderHasLeft(ConsumerMode mode) throws Exception {
        Broker b = new Broker();
        ReaderCore r = b.reader(mode);
        r.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r, 100));
        idle(b, r);
        b.unreachable = true;
        BackendException e = assertThrows(BackendException.class, r::close);
        assertTrue(e.getMessage().contains("stream s1") && e.getMessage().contains("1 records it had accepted ahead"),
                e.getMessage());
        assertTrue(r.isClosed() && r.handedOver(), "closed all the same");
        assertTrue(b.consumers.get(0).closed, "left the group");
        assertEquals(2, r.acceptedCount());
        r.close(); // closing again: nothing more to say
    }

    /**
     * AT_LEAST_ONCE holds nothing ahead; what it holds at its close is the last poll's records,
     * unaccepted. If the broker cannot take their acceptance, the close says so (stream, how many)
     * and they are not lost: once their acquisition lock expires, the broker delivers them to
     * another reader of the application (read twice, as AT_LEAST_ONCE allows).
     */
    @Test
    void anAtLeastOnceCloseThatCannotAcceptItsRecordsSaysSoAndTheyComeAgainAfterTheLock() throws Exception {
        Broker b = new Broker();
        ReaderCore r1 = b.reader(ConsumerMode.AT_LEAST_ONCE);
        ReaderCore r2 = b.reader(ConsumerMode.AT_LEAST_ONCE);
        r1.told(2, Sharing.SHARED);
        r2.told(2, Sharing.SHARED);
        b.publish("a", "b");
        assertEquals(List.of("a"), poll(b, r1, 100));
        b.unreachable = true;
        BackendException e = assertThrows(BackendException.class, r1::close);
        assertTrue(e.getMessage().contains("stream s1") && e.getMessage().contains("could not accept the 1 records")
                && e.getMessage().contains("delivers them again"), e.getMessage());
        assertEquals(0, r1.acceptedCount());
        assertEquals(State.ACQUIRED, b.states.get(0), "still locked by the reader that closed");
        b.unreachable = false;
        List<String> got = new ArrayList<>(poll(b, r2, 100));
        b.releaseHeldBy(b.consumers.get(0)); // the acquisition lock expires
        got.addAll(poll(b, r2, 100));
        assertEquals(List.of("b", "a"), got, "a comes again, to the other reader");
        r2.close();
        assertEquals(2, b.acceptedRecords());
    }
}
