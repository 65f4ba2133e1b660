package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamHandles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Poll until closed, then poll once more" with several readers of one application, each with its
 * own client (as separate processes would have), on the embedded broker: every record reaches
 * exactly one reader, and the last poll ends because the readers together have accepted every
 * record (their counts reach the server), not by the drain's no-progress fallback (which would end
 * it seconds later, with a warning). How long the last poll takes is printed as a figure only.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ObjectStreamDrainKafkaTest extends EmbeddedStreamServerBase {

    /**
     * One reader: polls until closed, then once more; returns what it read, when its last poll
     * returned, and whether its drain ended on the counts.
     */
    record Read(List<String> values, long lastPollNs, boolean endedOnCounts) {
    }

    static Read readAll(ObjectDistroStream<String> h, List<String> into) throws BackendException {
        while (!h.isClosed()) {
            into.addAll(h.poll(100));
        }
        into.addAll(h.poll());
        return new Read(into, System.nanoTime(), h.drainEndedOnCounts());
    }

    /**
     * Publishing does not wait for the broker; close does: after a loop of single publishes and a
     * close, the reader's "poll until closed, then once more" gets every record exactly once.
     */
    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void singlePublishesInALoopThenCloseLoseNothing(ConsumerMode mode) throws Exception {
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("loop-" + STREAMS.incrementAndGet(), mode);
        ObjectDistroStream<String> in = in(client(), out);
        in.poll();
        DistroStreamClient.install(producer);
        int n = 3_000;
        for (int i = 0; i < n; i++) {
            out.publish("v" + i);
        }
        out.close();
        List<String> got = readAll(in, new ArrayList<>()).values();
        assertEquals(n, got.size(), "each record once");
        assertEquals(n, new HashSet<>(got).size());
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void threeReadersWithOwnClientsGetEveryRecordOnceAndTheirLastPollEndsAtOnce(ConsumerMode mode) throws Exception {
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("three-" + STREAMS.incrementAndGet(), mode);
        List<ObjectDistroStream<String>> readers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            readers.add(in(client(), out));
            readers.get(i).poll(); // joins the share group
        }
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            AtomicInteger taken = new AtomicInteger();
            List<Future<Read>> reads = new ArrayList<>();
            for (ObjectDistroStream<String> r : readers) {
                reads.add(pool.submit(() -> readAll(r, new CountingList(taken))));
            }
            List<String> sent = IntStream.range(0, 90).mapToObj(i -> mode + "-" + i).toList();
            for (int i = 0; i < sent.size(); i += 10) {
                out.publish(sent.subList(i, i + 10));
            }
            // As consumer tasks do: they have processed everything, the producer closes, their last
            // poll must come back empty at once.
            long deadline = System.currentTimeMillis() + 60_000;
            while (taken.get() < sent.size() && System.currentTimeMillis() < deadline) {
                Thread.sleep(5);
            }
            long closedAt = System.nanoTime();
            out.close();
            List<String> all = new ArrayList<>();
            List<Long> lastPollMs = new ArrayList<>();
            List<Boolean> onCounts = new ArrayList<>();
            for (Future<Read> f : reads) {
                Read r = f.get();
                all.addAll(r.values());
                lastPollMs.add((r.lastPollNs() - closedAt) / 1_000_000);
                onCounts.add(r.endedOnCounts());
            }
            System.out.println("drain " + mode + ": close -> last poll per reader (ms) " + lastPollMs);
            assertEquals(sent.size(), all.size(), "no record twice, none lost");
            assertEquals(new HashSet<>(sent), new HashSet<>(all));
            assertEquals(List.of(true, true, true), onCounts,
                    "every reader's last poll ended on the counts, not by the fallback (ms after the close: "
                            + lastPollMs + ")");
        } finally {
            pool.shutdownNow();
        }
    }

    /** A list that also counts what all readers took, so the producer knows when they have it all. */
    static final class CountingList extends ArrayList<String> {
        private final AtomicInteger counter;

        CountingList(AtomicInteger counter) {
            this.counter = counter;
        }

        @Override
        public boolean addAll(java.util.Collection<? extends String> c) {
            counter.addAndGet(c.size());
            return super.addAll(c);
        }
    }

    @Test
    void readersThatLeftEarlyReportedWhatTheyTookSoTheLastReadersDrainEndsAtOnce() throws Exception {
        ConsumerMode mode = ConsumerMode.AT_LEAST_ONCE; // a leaving reader also accepts what it holds
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("early-" + STREAMS.incrementAndGet(), mode);
        DistroStreamClient taskClient = client();
        DistroStreamClient processClient = client();
        ObjectDistroStream<String> task = in(taskClient, out);         // a task that ends: its reader closes
        ObjectDistroStream<String> process = in(processClient, out);   // a process that ends: its client closes
        ObjectDistroStream<String> last = in(client(), out);
        List<String> first = IntStream.range(0, 40).mapToObj(i -> "a" + i).toList();
        DistroStreamClient.install(producer);
        out.publish(first);
        List<String> taken = Collections.synchronizedList(new ArrayList<>());
        long deadline = System.currentTimeMillis() + 60_000;
        while (taken.size() < first.size() && System.currentTimeMillis() < deadline) {
            taken.addAll(task.poll(100));
            taken.addAll(process.poll(100));
        }
        assertEquals(first.size(), taken.size(), "the early readers took the first records: " + taken);
        StreamHandles.closeReader(task);
        processClient.close();
        List<String> second = IntStream.range(0, 10).mapToObj(i -> "b" + i).toList();
        out.publish(second); // still unread when the stream closes: the last reader's drain takes them
        long closedAt = System.nanoTime();
        out.close();
        List<String> rest = new CopyOnWriteArrayList<>();
        Read r = readAll(last, rest);
        long ms = (r.lastPollNs() - closedAt) / 1_000_000;
        System.out.println("drain with readers gone: close -> last poll " + ms + " ms");
        Set<String> all = new HashSet<>(taken);
        all.addAll(rest);
        assertEquals(first.size() + second.size(), taken.size() + rest.size(), "no record twice: " + rest);
        assertEquals(first.size() + second.size(), all.size());
        assertTrue(r.endedOnCounts(), "the last poll ended on the counts the readers that left had reported, not by"
                + " the fallback (" + ms + " ms after the close)");

        // A reader attaching after everything was taken: its first poll is the drain, and ends on the counts.
        ObjectDistroStream<String> late = in(client(), out);
        long t0 = System.nanoTime();
        assertEquals(List.of(), late.poll());
        long lateMs = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("drain of a late reader: " + lateMs + " ms");
        assertTrue(late.drainEndedOnCounts(), "the late reader's drain ended on the counts (" + lateMs + " ms)");
    }

    /**
     * A reader fetches its next record ahead while its application works; if it closes instead of
     * asking for it, after the stream closed and while another reader drains, it gives that record
     * back as a new one: the drain takes it too (it asks the record count again) and nothing is lost.
     */
    @Test
    void aRecordFetchedAheadByAReaderThatClosesDuringAnotherReadersDrainReachesThatDrain() throws Exception {
        ConsumerMode mode = ConsumerMode.AT_MOST_ONCE;
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("ahead-" + STREAMS.incrementAndGet(), mode);
        ObjectDistroStream<String> leaving = in(client(), out);
        ObjectDistroStream<String> draining = in(client(), out);
        leaving.poll();
        draining.poll(); // both joined: they share, one record per fetch
        // Few records: the drain takes the ones not held at once, well within the reader's hold
        // of the record it accepted ahead (it gives it back when nobody asks for it within
        // GIVE_BACK_MS, which would leave nothing held for the close to give back).
        List<String> sent = IntStream.range(0, 4).mapToObj(i -> "r" + i).toList();
        DistroStreamClient.install(producer);
        out.publish(sent);
        List<String> taken = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 60_000;
        while (taken.isEmpty() && System.currentTimeMillis() < deadline) {
            taken.addAll(leaving.poll(100));
        }
        assertEquals(1, taken.size(), "one record per fetch while readers share");
        eventually(() -> leaving.acceptedAhead() == 1, "the leaving reader accepted its next record ahead");
        out.close();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Read> drain = pool.submit(() -> readAll(draining, new CopyOnWriteArrayList<>()));
            // The drain has taken all but the record held ahead, and waits for it: it reports its
            // count on each step of its wait, and the application's readers then have accepted one
            // record less than were published (so it cannot end).
            DistroStreamClient probe = client();
            eventually(() -> probe.applicationProgress(out.getId(), "probe", 0) == sent.size() - 1,
                    "the drain took every record not held, and waits");
            assertEquals(1, leaving.acceptedAhead(), "the record is still held ahead (not given back after "
                    + "nobody asked for it: the drain took the others within the hold)");
            assertFalse(drain.isDone(), "the drain waits for the record held ahead");
            long closedAt = System.nanoTime();
            StreamHandles.closeReader(leaving);
            Read r = drain.get();
            long ms = (r.lastPollNs() - closedAt) / 1_000_000;
            System.out.println("drain with a record given back: other reader closed -> last poll " + ms + " ms");
            List<String> all = new ArrayList<>(taken);
            all.addAll(r.values());
            assertEquals(sent.size(), all.size(), "no record twice, none lost: " + all);
            assertEquals(new HashSet<>(sent), new HashSet<>(all));
            assertTrue(r.endedOnCounts(), "the drain ended on the counts, the given-back record included, not by the"
                    + " fallback (" + ms + " ms after the other reader closed)");
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A reader holds one record accepted ahead and neither polls nor closes: its own timer gives the
     * record back after {@code GIVE_BACK_MS}, once the stream has closed and another reader drains.
     * The give-back raises the holder's count (the original is now accounted for, the copy is a new
     * record): the count must reach the server at once, so the drain ends on the counts, not by the
     * no-progress fallback seconds later (before the fix it reached the server only when the holder
     * polled or closed).
     */
    @Test
    void aRecordGivenBackByItsHoldersTimerAfterTheCloseIsCountedSoTheDrainEndsOnTheCounts() throws Exception {
        ConsumerMode mode = ConsumerMode.AT_MOST_ONCE;
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("timer-" + STREAMS.incrementAndGet(), mode);
        ObjectDistroStream<String> holding = in(client(), out);
        ObjectDistroStream<String> draining = in(client(), out);
        holding.poll();
        draining.poll(); // both joined: they share, one record per fetch
        List<String> sent = IntStream.range(0, 4).mapToObj(i -> "t" + i).toList();
        DistroStreamClient.install(producer);
        out.publish(sent);
        List<String> taken = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 60_000;
        while (taken.isEmpty() && System.currentTimeMillis() < deadline) {
            taken.addAll(holding.poll(100));
        }
        assertEquals(1, taken.size(), "one record per fetch while readers share");
        eventually(() -> holding.acceptedAhead() == 1, "the holding reader accepted its next record ahead");
        out.close();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Read> drain = pool.submit(() -> readAll(draining, new CopyOnWriteArrayList<>()));
            DistroStreamClient probe = client();
            eventually(() -> probe.applicationProgress(out.getId(), "probe", 0) == sent.size() - 1,
                    "the drain took every record not held, and waits");
            assertEquals(1, holding.acceptedAhead(), "still held: the give-back comes after the stream's close");
            assertFalse(drain.isDone(), "the drain waits for the record held ahead");
            eventually(() -> holding.acceptedAhead() == 0, "the holder's timer gave the record back");
            long givenBackAt = System.nanoTime();
            Read r = drain.get();
            long ms = (r.lastPollNs() - givenBackAt) / 1_000_000;
            System.out.println("drain with a record given back by the timer: give-back -> last poll " + ms + " ms");
            List<String> all = new ArrayList<>(taken);
            all.addAll(r.values());
            assertEquals(sent.size(), all.size(), "no record twice, none lost: " + all);
            assertEquals(new HashSet<>(sent), new HashSet<>(all));
            assertTrue(r.endedOnCounts(), "the drain ended on the counts, the holder's give-back reported, not by the"
                    + " fallback (" + ms + " ms after the give-back)");
            assertEquals(List.of(), holding.poll(0), "the holder never polled meanwhile; its copy went to the drain");
        } finally {
            pool.shutdownNow();
        }
    }
}
