package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records a reader accepted ahead (while its application worked on the previous ones) on a real
 * embedded broker: given back when the reader closes or its application stops asking, to its own
 * application only, with counts that still add up to the topic's records.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FetchAheadKafkaTest {

    @RegisterExtension
    static final TestBroker KAFKA = new TestBroker();
    private static int streams;

    private static String streamWith(int records) throws BackendException {
        String id = "fa" + (++streams);
        KAFKA.backend().createTopic(id, 1);
        ObjectPublisher pub = KAFKA.backend().publisher(id);
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            values.add(("v" + i).getBytes(StandardCharsets.UTF_8));
        }
        pub.publish(values);
        pub.flush();
        return id;
    }

    /** One of two readers of {@code app}, sharing (one record per fetch). */
    private static GroupSubscriber sharingReader(String stream, String app) throws BackendException {
        GroupSubscriber s = (GroupSubscriber) KAFKA.backend().subscriber(stream, app, ConsumerMode.AT_MOST_ONCE);
        s.readersOfApplication(2);
        return s;
    }

    private static List<String> strings(List<byte[]> values) {
        return values.stream().map(v -> new String(v, StandardCharsets.UTF_8)).toList();
    }

    /** Polls until {@code n} records came (or 30 s), then once more to catch an extra one. */
    private static List<String> read(ObjectSubscriber reader, int n) throws BackendException {
        List<String> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (got.size() < n && System.nanoTime() < deadline) {
            got.addAll(strings(reader.poll(200)));
        }
        got.addAll(strings(reader.poll(500)));
        return got;
    }

    /** The record a poll returned, and when that poll was asked (before it, nothing was accepted ahead). */
    private record Taken(List<String> values, long polledAtNs) {
    }

    /**
     * Polls {@code reader} once for a record and waits until it has accepted the next one ahead:
     * on that state, with a deadline of its own, not on the fetch ahead's timing (on a loaded
     * machine the reader's thread may get to it late, or the broker answer after its window).
     */
    private static Taken takeOneAndFetchAhead(GroupSubscriber reader) throws Exception {
        List<String> first = List.of();
        long polledAt = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (first.isEmpty() && System.nanoTime() < deadline) {
            polledAt = System.nanoTime();
            first = strings(reader.poll(500));
        }
        assertEquals(1, first.size(), "a sharing reader takes one record per fetch");
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (reader.acceptedAheadCount() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10); // polling a condition, with a deadline
        }
        assertEquals(1, reader.acceptedAheadCount(), "the next record was accepted ahead");
        return new Taken(first, polledAt);
    }

    private static void assertAllOnce(int records, List<String> got) {
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < records; i++) {
            expected.add("v" + i);
        }
        assertEquals(records, got.size(), "every record once: " + got);
        assertEquals(expected, new HashSet<>(got));
    }

    @Test
    void aClosingReaderGivesBackWhatItAcceptedAheadToItsApplicationOnly() throws Exception {
        String stream = streamWith(10);
        GroupSubscriber a = sharingReader(stream, "app1");
        List<String> got = new ArrayList<>(takeOneAndFetchAhead(a).values());
        a.close();
        assertEquals(2, a.acceptedCount(), "the record returned and the one given back");
        try (GroupSubscriber b = sharingReader(stream, "app1");
             ObjectSubscriber other = KAFKA.backend().subscriber(stream, "app2", ConsumerMode.AT_MOST_ONCE)) {
            got.addAll(read(b, 9));
            assertAllOnce(10, got);
            long published = b.publishedCount();
            assertEquals(11, published, "ten records and one copy given back");
            assertEquals(published, a.acceptedCount() + b.acceptedCount(), "the application's counts add up");

            assertAllOnce(10, read(other, 10));
            assertEquals(published, other.acceptedCount(), "the other application accepted and skipped the copy");
        }
    }

    @Test
    void recordsAcceptedAheadThatNobodyAsksForAreGivenBack() throws Exception {
        String stream = streamWith(6);
        try (GroupSubscriber idle = sharingReader(stream, "app3");
             GroupSubscriber busy = sharingReader(stream, "app3")) {
            Taken taken = takeOneAndFetchAhead(idle);
            List<String> got = new ArrayList<>(taken.values());
            got.addAll(read(busy, 5)); // the fifth comes back once the idle reader's hold runs out
            // From the poll before which nothing was ahead: the hold starts later, whenever the
            // reader's thread got to the fetch ahead, so this bound holds on a loaded machine too.
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - taken.polledAtNs());
            assertAllOnce(6, got);
            assertEquals(0, idle.acceptedAheadCount());
            assertTrue(waitedMs >= GroupSubscriber.GIVE_BACK_MS,
                    "given back after the hold, not before the application could ask: " + waitedMs + " ms");
            assertEquals(7, idle.acceptedCount() + busy.acceptedCount());
        }
    }

    @Test
    void atLeastOnceReadersDoNotFetchAhead() throws Exception {
        String stream = streamWith(4);
        try (ObjectSubscriber s = KAFKA.backend().subscriber(stream, "app4", ConsumerMode.AT_LEAST_ONCE)) {
            s.readersOfApplication(2);
            List<String> got = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (got.isEmpty() && System.nanoTime() < deadline) {
                got.addAll(strings(s.poll(500)));
            }
            // Asked on the reader's thread once the poll has returned: a reader that fetches ahead
            // has planned its fetch by then; this one has nothing to do until the next poll.
            assertFalse(((GroupSubscriber) s).plansIdleWork(), "no fetch ahead planned after the poll");
            assertEquals(0, ((GroupSubscriber) s).acceptedAheadCount());
            got.addAll(read(s, 3));
            assertAllOnce(4, got);
        }
    }

    @Test
    void aReaderThatGetsReadyJoinsBeforeItsFirstPollWhichReturnsTheWaitingRecord() throws Exception {
        String stream = streamWith(1);
        try (GroupSubscriber s = (GroupSubscriber) KAFKA.backend().subscriber(stream, "app5", ConsumerMode.EXACTLY_ONCE)) {
            s.readersOfApplication(1);
            assertFalse(s.hasConsumer());
            s.getReady();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!s.hasConsumer() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(s.hasConsumer(), "getting ready created the share consumer and started its join");
            List<String> got = new ArrayList<>();
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (got.isEmpty() && System.nanoTime() < deadline) {
                got.addAll(strings(s.poll(1_000)));
            }
            assertEquals(List.of("v0"), got);
            assertEquals(1, s.acceptedCount());
        }
    }

    @Test
    void aBulkFetchAheadThatEndsAfterASecondReaderCameReleasesTheBatch() throws Exception {
        String stream = "fa" + (++streams);
        KAFKA.backend().createTopic(stream, 1);
        try (GroupSubscriber first = (GroupSubscriber) KAFKA.backend().subscriber(stream, "app6", ConsumerMode.AT_MOST_ONCE)) {
            first.readersOfApplication(1); // alone: it fetches whole batches
            first.getReady();
            long joined = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!first.hasConsumer() && System.nanoTime() < joined) {
                Thread.sleep(5); // polling a condition, with a deadline
            }
            assertTrue(first.hasConsumer(), "getting ready made its consumer: its fetch ahead waits for records");
            first.readersOfApplication(2); // a second reader arrives
            ObjectPublisher pub = KAFKA.backend().publisher(stream);
            List<byte[]> values = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                values.add(("v" + i).getBytes(StandardCharsets.UTF_8));
            }
            pub.publish(values);
            pub.flush();
            try (GroupSubscriber second = sharingReader(stream, "app6")) {
                List<String> a = new ArrayList<>();
                List<String> b = new ArrayList<>();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (a.size() + b.size() < 20 && System.nanoTime() < deadline) {
                    a.addAll(strings(first.poll(100)));
                    b.addAll(strings(second.poll(100)));
                }
                List<String> all = new ArrayList<>(a);
                all.addAll(b);
                assertAllOnce(20, all);
                assertTrue(a.size() < 20 && b.size() > 0, "both readers got records: " + a.size() + " / " + b.size());
            }
        }
    }

    @Test
    void aReaderThatWaitedLongForRecordsButCameBackAtOnceStillFetchesAhead() throws Exception {
        String stream = streamWith(1);
        try (GroupSubscriber s = sharingReader(stream, "app7")) {
            List<String> got = new ArrayList<>(takeTheOnlyRecord(s));
            // The application comes back at once and waits longer than the fetch-ahead gap for more.
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GroupSubscriber.FETCH_AHEAD_MAX_GAP_MS + 500);
            while (System.nanoTime() < until) {
                got.addAll(strings(s.poll(100)));
            }
            ObjectPublisher pub = KAFKA.backend().publisher(stream);
            pub.publish(List.of("v1".getBytes(StandardCharsets.UTF_8), "v2".getBytes(StandardCharsets.UTF_8)));
            pub.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (got.size() < 2 && System.nanoTime() < deadline) {
                got.addAll(strings(s.poll(200)));
            }
            while (s.acceptedAheadCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(1, s.acceptedAheadCount(), "the empty polls were not the application's work: it fetches ahead");
            got.addAll(strings(s.poll(1_000))); // returns at once: the record is ahead (its fetch may still be finishing)
            assertAllOnce(3, got);
        }
    }

    /** Polls until the stream's only record comes. */
    private static List<String> takeTheOnlyRecord(GroupSubscriber reader) throws Exception {
        List<String> first = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (first.isEmpty() && System.nanoTime() < deadline) {
            first.addAll(strings(reader.poll(500)));
        }
        assertEquals(List.of("v0"), first);
        return first;
    }
}
