package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.Sharing;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The reader of an application's records of a stream as a state machine: every method is an event
 * (the server told the reader count, asked for a hand-over; the application asked for records,
 * got ready, closed; the reader is idle and its next fetch ahead or give-back is due), called by
 * one thread ({@link GroupSubscriber}'s loop, or a test). It holds no thread, lock or clock of its
 * own: the consumers, the clock and the give-back go through {@link Outside}, so model tests drive
 * it with a fake broker and a fake clock ({@code ReaderCoreTest}). The states and transitions
 * are tabled in docs/STREAMS.md, "The reader's states".
 *
 * <p>What it does per consumer mode: AT_MOST_ONCE and EXACTLY_ONCE commit a fetch's acceptance
 * before handing its records over, and fetch ahead while the application works (records accepted
 * ahead are the reader's own: given back to the application's group on close or when nobody asks
 * for them within {@link #GIVE_BACK_MS}); AT_LEAST_ONCE hands a fetch's records over as they are
 * and accepts them when the application asks for the next ones (the acceptance going with that
 * fetch) or closes, and does not fetch ahead.
 */
final class ReaderCore {

    private static final Logger LOG = LoggerFactory.getLogger(ReaderCore.class);

    /**
     * The window of a fetch ahead started by a poll that handed records over: how long it waits on
     * the consumer, from when the reader's thread gets to it ({@link FetchAheadPlan}: looks that do
     * not wait follow, for an answer that came after the window).
     */
    static final long FETCH_AHEAD_MS = 50;
    /** The window of the fetch ahead that {@link #getReady()} starts: long enough to join the group. */
    static final long JOIN_WAIT_MS = 500;
    /** Longest time between a poll's return and the next poll for which the following records are fetched ahead. */
    static final long FETCH_AHEAD_MAX_GAP_MS = 2_000;
    /** Records accepted ahead that the application has not asked for within this time are given back. */
    static final long GIVE_BACK_MS = 2 * FETCH_AHEAD_MAX_GAP_MS;
    /** Longest single wait on the consumer: other events are looked at between two slices. */
    static final long SLICE_MS = 50;

    /** What the state machine needs from outside: consumers, the clock, the broker for give-backs. */
    interface Outside {
        /** A new consumer of the reader's group with {@code acquisition}; {@code accepted} counts AT_LEAST_ONCE confirmations. */
        GroupConsumer consumer(Acquisition acquisition, LongConsumer accepted) throws BackendException;

        /** Publishes {@code values} again for the reader's group only (records accepted ahead, given back). */
        void giveBack(List<byte[]> values) throws BackendException;

        /** Throws if the broker cannot be reached (asked after a poll that waited and found nothing). */
        void checkReachable() throws BackendException;

        /**
         * The reader's count rose to {@code accepted} outside the application's polls (a give-back,
         * a copy for another group skipped while fetching ahead): reported to the stream server,
         * so the drains of the application's other readers need not wait for this reader's next
         * poll or close. Must not block.
         */
        void countRose(long accepted);

        long nanoTime();
    }

    private final String topic;
    private final String group;
    private final ConsumerMode mode;
    private final Outside outside;
    /** Records whose acceptance the broker confirmed (read by other threads). */
    private final AtomicLong accepted = new AtomicLong();

    /** Readers of the application on the stream, as last told (0: not known). */
    private int readers;
    /** As the stream server last said (null: not told, so it shares); only moves forward. */
    private Sharing sharing;
    /** The reader no longer reads alone after a hand-over was asked (or it closed). */
    private boolean handedOver;

    /** The consumer of the current acquisition (null: none yet, or handed over). */
    private GroupConsumer consumer;
    private Acquisition acquisition;
    /** AT_LEAST_ONCE: what the last poll returned, accepted by the next poll or close. */
    private final PendingAcceptances pending = new PendingAcceptances();

    /**
     * Fetched ahead and not accepted yet: settled by the next event ({@link #settleFetched}), after
     * the news that came during the fetch (a second reader may have opened meanwhile).
     */
    private ConsumerRecords<byte[], byte[]> fetched = ConsumerRecords.empty();
    /** Accepted by a fetch ahead, not returned yet (not counted in {@link #accepted} either). */
    private List<byte[]> ahead = List.of();
    /** Records accepted ahead that could not be given back: thrown by the next poll or close, once. */
    private BackendException notGivenBack;
    /** When {@link #ahead} was accepted (its give-back is due {@link #GIVE_BACK_MS} later). */
    private long aheadSinceNs;
    /** When the idle reader fetches ahead: its window, then looks that do not wait. */
    private final FetchAheadPlan fetchAhead = new FetchAheadPlan();

    /** When a poll last returned records (0: not since the next poll), to measure how long the application works on them. */
    private long lastHandOverNs;
    /** How long the application took between the previous hand-over and its next poll (-1: not known). */
    private long pollGapNs = -1;
    /** {@link #getReady()} was called: join as soon as the reader may read. */
    private boolean readyAsked;
    private boolean closed;

    ReaderCore(String topic, String group, ConsumerMode mode, Outside outside) {
        this.topic = topic;
        this.group = group;
        this.mode = mode;
        this.outside = outside;
    }

    // ---- events from the stream server -------------------------------------------------------

    /**
     * The server told the application's reader count and sharing: if that changes the
     * acquisition of an idle reader, its consumer is replaced now, so the new one has joined by the
     * next poll.
     */
    void told(int count, Sharing told) {
        Acquisition current = acquisition;
        readers = count;
        if (advance(told) || (current != null && current != wanted())) {
            switchIfIdle();
        }
    }

    /**
     * The server asks this solo reader to hand over: done at once when it holds nothing, else (an
     * AT_LEAST_ONCE reader with records in hand) at its next poll or close; {@link #handedOver()}
     * says when.
     */
    void handOver() {
        advance(Sharing.HANDING_OVER);
        if (sharing == Sharing.SHARED) {
            handedOver = true;
        } else {
            switchIfIdle();
        }
    }

    boolean handedOver() {
        return handedOver;
    }

    // ---- events from the application ---------------------------------------------------------

    /** Joins the group and fetches ahead while idle (AT_MOST_ONCE, EXACTLY_ONCE); AT_LEAST_ONCE joins at its first poll. */
    void getReady() {
        readyAsked = true;
        if (consumer == null && !closed && mode != ConsumerMode.AT_LEAST_ONCE) {
            fetchAheadFor(JOIN_WAIT_MS);
        }
    }

    /**
     * A poll starts: the fetch ahead stops, and under AT_LEAST_ONCE the records of the previous
     * poll are accepted (with this poll's fetch, or committed now if the consumer is about to be
     * replaced). Then {@link #pollStep} until it returns records or the deadline passes.
     */
    void beginPoll() throws BackendException {
        requireOpen();
        if (notGivenBack != null) {
            BackendException e = notGivenBack;
            notGivenBack = null;
            throw e;
        }
        long now = outside.nanoTime();
        if (lastHandOverNs != 0) { // the first poll since records were handed over
            pollGapNs = now - lastHandOverNs;
            lastHandOverNs = 0;
        }
        fetchAhead.stop();
        settleFetched();
        if (mode == ConsumerMode.AT_LEAST_ONCE && consumer != null && acquisition == wanted()) {
            pending.withNextFetch(consumer);
        } else {
            pending.commitNow(consumer);
        }
    }

    /**
     * One step of a poll: the records accepted ahead, or what one wait of at most {@link #SLICE_MS}
     * on the consumer brings; null if nothing yet and the deadline is not reached (the caller
     * handles other events and steps again; while {@link #waitsForServer()}, it may wait for them
     * until the deadline). An empty list once the deadline has passed.
     */
    List<byte[]> pollStep(long deadlineNs, boolean checkReachable) throws BackendException {
        requireOpen();
        if (!ahead.isEmpty()) {
            List<byte[]> values = ahead;
            ahead = List.of();
            accepted.addAndGet(values.size());
            handedOverNow(values);
            return values;
        }
        useAcquisition(wanted());
        long now = outside.nanoTime();
        if (consumer == null) { // handing over: nothing may be read until the server says the reader shares
            return now >= deadlineNs ? List.of() : null;
        }
        long leftMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, deadlineNs - now));
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(Math.min(SLICE_MS, leftMs)));
        if (records.isEmpty()) {
            if (outside.nanoTime() < deadlineNs) {
                return null;
            }
            if (checkReachable) {
                outside.checkReachable();
            }
            return List.of();
        }
        pending.fetchCarriedThem();
        if (mode == ConsumerMode.AT_LEAST_ONCE) {
            pending.returned(records);
            lastHandOverNs = outside.nanoTime();
            return GroupCopies.take(records, group, Set.of()).mine();
        }
        GroupCopies.Taken taken = GroupCopies.take(records, group, consumer.acceptAndCommit(records));
        accepted.addAndGet(taken.accepted());
        handedOverNow(taken.mine());
        return taken.mine();
    }

    /** Whether a poll can only wait for the server (the reader hands over and reads nothing meanwhile). */
    boolean waitsForServer() {
        return !closed && consumer == null && wanted() == null;
    }

    /**
     * Closes: accepts what the last poll returned (AT_LEAST_ONCE), gives back what was accepted
     * ahead, and leaves the group.
     *
     * @throws BackendException after the reader has closed, when records it held could not be
     *         settled (the broker is unreachable): records accepted ahead that could not be given
     *         back are lost to the application (counted as taken, so the other readers' drains do
     *         not wait for them); AT_LEAST_ONCE records in hand that could not be accepted come
     *         again to a reader of the application once their acquisition lock expires
     */
    void close() throws BackendException {
        if (closed) {
            return;
        }
        closed = true;
        fetchAhead.stop();
        BackendException failure = null;
        try {
            if (!fetched.isEmpty()) {
                ConsumerRecords<byte[], byte[]> records = fetched;
                fetched = ConsumerRecords.empty();
                consumer.release(records); // never accepted: for the application's other readers
            }
        } catch (BackendException | KafkaException e) {
            // Not accepted either way: their lock expires and they come to the other readers.
            LOG.warn("closing reader of {} for {}: records fetched ahead not released (their lock expires): {}",
                    topic, group, e.toString());
        }
        int inHand = pending.inHand();
        try {
            pending.commitNow(consumer);
        } catch (BackendException | KafkaException e) {
            failure = inHand == 0 ? null : new BackendException("Kafka backend: reader of stream " + streamId()
                    + " (group " + group + ") could not accept the " + inHand + " records its last poll returned ("
                    + e.getMessage() + "): the broker delivers them again to a reader of the application once their"
                    + " acquisition lock expires (group.share.record.lock.duration.ms): read twice, not lost", e);
            if (failure == null) {
                LOG.warn("closing reader of {} for {}: {}", topic, group, e.toString());
            }
        }
        if (!ahead.isEmpty()) {
            giveBack();
        }
        if (notGivenBack != null) {
            if (failure == null) {
                failure = notGivenBack;
            } else {
                failure.addSuppressed(notGivenBack);
            }
            notGivenBack = null;
        }
        try {
            if (consumer != null) {
                consumer.close(Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
            }
        } catch (KafkaException e) {
            LOG.warn("closing reader of {} for {}: {}", topic, group, e.toString());
        }
        consumer = null;
        acquisition = null;
        handedOver = true;
        if (failure != null) {
            throw failure;
        }
    }

    boolean isClosed() {
        return closed;
    }

    // ---- idle time ---------------------------------------------------------------------------

    /** When {@link #idle()} is next due (Long.MAX_VALUE: never until another event). */
    long idleDueNs() {
        if (closed) {
            return Long.MAX_VALUE;
        }
        if (!fetched.isEmpty()) {
            return outside.nanoTime();
        }
        if (!ahead.isEmpty()) {
            return aheadSinceNs + TimeUnit.MILLISECONDS.toNanos(GIVE_BACK_MS);
        }
        return fetchAhead.dueNs();
    }

    /** Nothing else to do: gives back what waited too long, or takes the fetch ahead's next step (a slice or a look). */
    void idle() {
        if (closed) {
            return;
        }
        settleFetched();
        long now = outside.nanoTime();
        if (!ahead.isEmpty() && now - aheadSinceNs >= TimeUnit.MILLISECONDS.toNanos(GIVE_BACK_MS)) {
            LOG.debug("reader of {} for {}: {} records accepted ahead not asked for within {} ms", topic, group,
                    ahead.size(), GIVE_BACK_MS);
            giveBack();
        }
        if (fetchAhead.planned()) {
            fetchAheadStep(now);
        }
    }

    private void fetchAheadFor(long windowMs) {
        fetchAhead.plan(outside.nanoTime(), windowMs);
    }

    /** One step of the fetch ahead: a slice of its window, or a look that does not wait. */
    private void fetchAheadStep(long now) {
        if (!ahead.isEmpty()) {
            fetchAhead.stop();
            return;
        }
        long waitMs = fetchAhead.stepMs(now);
        if (waitMs < 0) {
            return; // the next look is later
        }
        try {
            // Between empty slices the consumer holds nothing: the acquisition may switch here.
            useAcquisition(wanted());
            if (consumer == null) {
                fetchAhead.stop(); // handing over
                return;
            }
            ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(waitMs));
            if (records.isEmpty()) {
                fetchAhead.foundNothing(outside.nanoTime());
                return;
            }
            fetchAhead.stop();
            fetched = records; // settled once the news that came meanwhile is applied
        } catch (BackendException | KafkaException e) {
            fetchAhead.stop();
            LOG.warn("reader of {} for {}: fetch ahead failed (the next poll fetches): {}", topic, group, e.toString());
        }
    }

    /**
     * Accepts what the fetch ahead got, unless the acquisition changed while it waited: a whole
     * batch acquired just as another reader arrived is not this reader's alone any more, and is
     * released unaccepted for the readers to share. Then switches if the news asked for it.
     */
    private void settleFetched() {
        if (fetched.isEmpty()) {
            return;
        }
        ConsumerRecords<byte[], byte[]> records = fetched;
        fetched = ConsumerRecords.empty();
        try {
            if (acquisition != wanted()) {
                consumer.release(records);
                LOG.debug("reader of {} for {}: released {} records fetched ahead in bulk as readers joined", topic,
                        group, records.count());
            } else {
                GroupCopies.Taken taken = GroupCopies.take(records, group, consumer.acceptAndCommit(records));
                if (taken.skipped() > 0) {
                    countOutsidePolls(taken.skipped());
                }
                if (!taken.mine().isEmpty()) {
                    ahead = taken.mine();
                    aheadSinceNs = outside.nanoTime();
                }
            }
        } catch (BackendException | KafkaException e) {
            LOG.warn("reader of {} for {}: records fetched ahead not accepted (they come again): {}", topic, group,
                    e.toString());
        }
        switchIfIdle();
    }

    // ---- queries -----------------------------------------------------------------------------

    long acceptedCount() {
        return accepted.get();
    }

    /** Whether a fetch ahead got records not settled yet (the next {@link #idle()} settles them). */
    boolean holdsFetched() {
        return !fetched.isEmpty();
    }

    boolean hasConsumer() {
        return consumer != null;
    }

    int aheadCount() {
        return ahead.size();
    }

    // ---- transitions -------------------------------------------------------------------------

    /** Moves the sharing forward to {@code told} (a stale push moves nothing); true if it moved. */
    private boolean advance(Sharing told) {
        if (sharing == null || told.compareTo(sharing) > 0) {
            sharing = told;
            return true;
        }
        return false;
    }

    /** The acquisition the reader should read with now; null while it hands over (it must read nothing). */
    private Acquisition wanted() {
        if (sharing == Sharing.SOLO) {
            return Acquisition.SOLO;
        }
        return sharing == Sharing.HANDING_OVER ? null : Acquisition.forReaders(readers);
    }

    /** Replaces the consumer now if it holds nothing and another is wanted (else the next poll or fetch ahead does). */
    private void switchIfIdle() {
        if (closed || pending.holdsAny() || !fetched.isEmpty()) {
            return;
        }
        Acquisition w = wanted();
        if (consumer == null && w != null) {
            if (readyAsked) {
                getReady(); // it may read now: join (a hand-over kept it from joining earlier)
            }
            return; // else the first poll makes the consumer
        }
        if (consumer != null && w == acquisition) {
            return;
        }
        try {
            useAcquisition(w);
        } catch (BackendException | KafkaException e) {
            LOG.debug("reader of {} for {}: switch deferred to the next poll: {}", topic, group, e.toString());
        }
    }

    /**
     * Called when the consumer holds no record (everything it returned is accepted): a share
     * consumer acquires only inside poll and returns all it acquired, so it can leave without
     * releasing any, and a consumer with the wanted acquisition replaces it ({@code w} null: none,
     * the hand-over is done).
     */
    private void useAcquisition(Acquisition w) throws BackendException {
        if (consumer != null && w == acquisition && !consumer.fenced()) {
            return;
        }
        if (consumer != null) {
            if (consumer.fenced() && w == Acquisition.SOLO) {
                // Removed from its group while the server never asked it to hand over: the coordinator
                // timed it out (a long pause). A new member goes on where the reader is.
                LOG.warn("reader of {} for {}: no longer a member of its solo group; joining again", topic, group);
            }
            LOG.debug("reader of {} for {}: {} -> {} acquisition ({} readers)", topic, group, acquisition, w, readers);
            GroupConsumer old = consumer;
            consumer = null;
            acquisition = null;
            pending.consumerReplaced(old);
            old.close(Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        }
        if (w == null) {
            handedOver = true;
            return;
        }
        consumer = outside.consumer(w, accepted::addAndGet);
        acquisition = w;
    }

    /** Records were handed to the application: fetch the next ahead if it comes back soon enough. */
    private void handedOverNow(List<byte[]> values) {
        lastHandOverNs = outside.nanoTime();
        if (values.isEmpty() || mode == ConsumerMode.AT_LEAST_ONCE
                || pollGapNs > TimeUnit.MILLISECONDS.toNanos(FETCH_AHEAD_MAX_GAP_MS)) {
            return;
        }
        fetchAheadFor(FETCH_AHEAD_MS);
    }

    /**
     * Publishes the records accepted ahead again, for this application's group only, then counts
     * the originals as accepted (in that order: a drain that sees the count also sees the copies)
     * and reports the count. Every give-back goes through here: the timer's ({@link #idle()}) and
     * the close's (a hand-over or a fenced consumer keeps them ahead: they are the reader's own,
     * committed, returned by its next poll or given back later). If the broker does not take the
     * copies, they are not kept (a copy may have reached it: handed over too, a record would be
     * read twice) but counted all the same, and the reader's next poll or its close throws one
     * error naming the stream and how many ({@link #notGivenBack}).
     */
    private void giveBack() {
        List<byte[]> values = ahead;
        ahead = List.of();
        try {
            outside.giveBack(values);
        } catch (BackendException | KafkaException e) {
            // Not kept for the next poll: some copies may have reached the broker (a timed-out
            // send), and a record handed over as well would be read twice.
            LOG.warn("reader of {} for {}: {} records accepted ahead could not be given back: {}", topic, group,
                    values.size(), e.toString());
            BackendException lost = new BackendException("Kafka backend: reader of stream " + streamId() + " (group "
                    + group + ") could not give back the " + values.size() + " records it had accepted ahead ("
                    + e.getMessage() + "): they may be lost to the application (" + mode + "; counted as taken by"
                    + " this reader)", e);
            if (notGivenBack == null) {
                notGivenBack = lost;
            } else {
                notGivenBack.addSuppressed(lost);
            }
        }
        countOutsidePolls(values.size()); // taken by this reader for good either way: nobody else gets the originals
    }

    /** The stream's id, from its topic's name. */
    private String streamId() {
        String prefix = KafkaObjectBackend.topicName("");
        return topic.startsWith(prefix) ? topic.substring(prefix.length()) : topic;
    }

    /** Counts {@code n} more records accepted outside the application's polls, and reports the count. */
    private void countOutsidePolls(long n) {
        outside.countRose(accepted.addAndGet(n));
    }

    private void requireOpen() throws BackendException {
        if (closed) {
            throw new BackendException("Kafka backend: subscriber of " + topic + " is closed");
        }
    }
}
