package io.braid.streams.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.backend.ObjectDrain;
import io.braid.streams.backend.ObjectSubscriber;
import io.braid.streams.backend.Sharing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One reader of an application's records of a stream: a member of the application's share group,
 * or, while it is the application's only reader, of a consumer group of its own
 * ({@link SoloGroupConsumer}, handed over when the stream server asks: {@link #handOver()}). See
 * {@link KafkaObjectBackend} for the acknowledgement of each consumer mode and {@link Acquisition}
 * for how much a fetch acquires.
 *
 * <p><b>Fetching ahead</b> (AT_MOST_ONCE and EXACTLY_ONCE): once a poll has handed records over,
 * the next records are fetched, accepted and their acceptance committed in the background while
 * the application works on the ones it has, so its next poll returns them at once: a poll costs a
 * fetch and a synchronous commit (about 10 ms per record with 8 readers on 2 cores), which the
 * application no longer waits for. Records accepted ahead belong to this reader: if the reader
 * closes, or its application does not come back for them within {@link #GIVE_BACK_MS}, they are
 * <em>given back</em> — published again on the topic, marked for this application's group only
 * (readers of other applications accept and skip such copies), and counted as accepted here, so
 * the application's counts still add up to the topic's records (the drains rely on it). A reader
 * fetches ahead only while its application came back within {@link #FETCH_AHEAD_MAX_GAP_MS} the
 * last time. A reader that dies holding records accepted ahead loses them, as it loses the records
 * it was working on (at most once). AT_LEAST_ONCE does not fetch ahead: it accepts the previous
 * records only when asked for the next ones.
 *
 * <p>The consumer is used by one thread at a time (this object's monitor), the application's, the
 * fetch ahead's or that of a switch.
 */
final class GroupSubscriber implements ObjectSubscriber {

    private static final Logger LOG = LoggerFactory.getLogger(GroupSubscriber.class);

    /** Longest wait of one fetch ahead; the application's next poll takes over after it. */
    static final long FETCH_AHEAD_MS = 50;
    /** Longest wait of the fetch ahead that {@link #getReady()} starts: long enough to join the group. */
    static final long JOIN_WAIT_MS = 500;
    /** Longest time between a poll's return and the next poll for which the following records are fetched ahead. */
    static final long FETCH_AHEAD_MAX_GAP_MS = 2_000;
    /** Records accepted ahead that the application has not asked for within this time are given back. */
    static final long GIVE_BACK_MS = 2 * FETCH_AHEAD_MAX_GAP_MS;
    /** Header of a given-back copy: the only share group whose readers take it. */
    static final String ONLY_FOR_GROUP_HEADER = "braid.only-for-group";

    private final KafkaObjectBackend backend;
    private final String topic;
    private final String group;
    private final ConsumerMode mode;
    private final Executor fetchAheadThreads;
    private final ScheduledExecutorService giveBackTimer;
    /** How far the reader got while it read alone, kept across the solo consumers it makes. */
    private final SoloProgress soloProgress = new SoloProgress();
    /** The consumer of the current acquisition; created by the first poll, replaced when it changes. */
    private GroupConsumer consumer;
    private volatile Acquisition acquisition;
    /** Readers of the application on the stream, as last told (0: not known). */
    private volatile int readers;
    /**
     * Whether the application's readers read alone or together, as the stream server last said
     * (null: not told, so it shares); it only moves forward ({@link Sharing}'s order).
     */
    private final AtomicReference<Sharing> sharing = new AtomicReference<>();
    /** Completes once the reader no longer reads alone after {@link #handOver()} (or closed). */
    private final CompletableFuture<Void> handedOver = new CompletableFuture<>();
    /** AT_LEAST_ONCE: returned by the last poll, accepted by the next poll or close. */
    private ConsumerRecords<byte[], byte[]> unacknowledged = ConsumerRecords.empty();
    /**
     * AT_LEAST_ONCE: acceptances marked on the consumer and not sent yet (the next fetch carries
     * them): the consumer must not be replaced before they are sent.
     */
    private volatile boolean acceptancesUnsent;
    /** Accepted by the fetch ahead, not returned yet (not counted in {@link #accepted} either). */
    private List<byte[]> acceptedAhead = List.of();
    /** Bumped by every fetch ahead that accepted records, so a give-back timer knows whether they are still the same. */
    private long aheadGeneration;
    /** The fetch ahead in progress (done when none is). */
    private volatile CompletableFuture<Void> fetchAhead = CompletableFuture.completedFuture(null);
    /** When a poll last returned records (0: not since the next poll), to measure how long the application works on them. */
    private long lastHandOverNs;
    /** How long the application took between the previous hand-over and its next poll (-1: not known). */
    private long pollGapNs = -1;
    /** Records whose acceptance the broker confirmed. */
    private final AtomicLong accepted = new AtomicLong();
    private boolean closed;
    /** {@link #getReady()} was called: join as soon as the reader may read. */
    private boolean readyAsked;
    /** Set when close starts, so that a fetch ahead in progress stops after its current slice. */
    private volatile boolean closing;

    GroupSubscriber(KafkaObjectBackend backend, String topic, String group, ConsumerMode mode,
            Executor fetchAheadThreads, ScheduledExecutorService giveBackTimer) {
        this.backend = backend;
        this.topic = topic;
        this.group = group;
        this.mode = mode;
        this.fetchAheadThreads = fetchAheadThreads;
        this.giveBackTimer = giveBackTimer;
    }

    @Override
    public void readersOfApplication(int count) {
        readersOfApplication(count, Sharing.SHARED);
    }

    /**
     * Records the count and sharing; when that changes the acquisition of an idle reader, replaces
     * its consumer at once (in the background: the caller may be the client's network thread), so
     * the new one has joined the group by the next poll instead of losing that poll's share.
     */
    @Override
    public void readersOfApplication(int count, Sharing told) {
        Acquisition current = acquisition;
        readers = count;
        if (advance(told) || (current != null && current != wanted())) {
            switchSoon();
        }
    }

    /** Moves the sharing forward to {@code told} (a stale push moves nothing); true if it moved. */
    private boolean advance(Sharing told) {
        Sharing before = sharing.getAndAccumulate(told, GroupSubscriber::later);
        return later(before, told) != before;
    }

    private static Sharing later(Sharing now, Sharing told) {
        return now == null || told.compareTo(now) > 0 ? told : now;
    }

    /**
     * Completes once the classic consumer has committed and left (at once for a reader that is
     * idle or never polled; an AT_LEAST_ONCE reader with records in hand at its next poll); polls
     * then wait until the server says the reader shares, which it does once it has started the
     * share group where the classic group stopped.
     */
    @Override
    public CompletableFuture<Void> handOver() {
        advance(Sharing.HANDING_OVER);
        if (sharing.get() == Sharing.SHARED) {
            handedOver.complete(null);
        } else {
            switchSoon(); // completes it when the reader holds nothing
        }
        return handedOver;
    }

    private void switchSoon() {
        Thread t = new Thread(this::switchIfIdle, "braid-reader-switch-" + topic);
        t.setDaemon(true);
        t.start();
    }

    /** Replaces the consumer if it holds nothing and another is wanted (else the next poll or fetch ahead does). */
    private synchronized void switchIfIdle() {
        notifyAll(); // a poll waiting for the hand-over to end
        if (closed || !unacknowledged.isEmpty() || acceptancesUnsent) {
            return;
        }
        Acquisition wanted = wanted();
        if (consumer == null && wanted != null) {
            if (readyAsked) {
                getReady(); // it may read now: join (a hand-over kept it from joining earlier)
            }
            return; // else the first poll makes the consumer
        }
        if (consumer != null && wanted == acquisition) {
            return; // nothing to change
        }
        try {
            useAcquisition(wanted);
        } catch (BackendException | KafkaException e) {
            LOG.debug("reader of {} for {}: switch deferred to the next poll: {}", topic, group, e.toString());
        }
    }

    /** The acquisition the reader should read with now; null while it hands over (it must read nothing). */
    private Acquisition wanted() {
        Sharing now = sharing.get();
        if (now == Sharing.SOLO) {
            return Acquisition.SOLO;
        }
        return now == Sharing.HANDING_OVER ? null : Acquisition.forReaders(readers);
    }

    /**
     * Called when the consumer holds no record (everything it returned is accepted): a share
     * consumer acquires only inside poll and returns all it acquired, so it can leave without
     * releasing any, and a consumer with the wanted acquisition replaces it ({@code wanted} null:
     * none, the hand-over is done).
     */
    private void useAcquisition(Acquisition wanted) throws BackendException {
        if (consumer != null && wanted == acquisition && !consumer.fenced()) {
            return;
        }
        if (consumer != null && consumer.fenced() && wanted == Acquisition.SOLO) {
            // Removed from its group while the server never asked it to hand over: the coordinator
            // timed it out (a long pause). A new member goes on from the group's commits.
            LOG.warn("reader of {} for {}: no longer a member of its solo group; joining again", topic, group);
        }
        if (consumer != null) {
            LOG.debug("reader of {} for {}: {} -> {} acquisition ({} readers)", topic, group, acquisition, wanted,
                    readers);
            GroupConsumer old = consumer;
            consumer = null;
            acquisition = null;
            if (acceptancesUnsent) {
                acceptancesUnsent = false;
                old.commitAccepted();
            }
            old.close(Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        }
        if (wanted == null) {
            handedOver.complete(null);
            return;
        }
        consumer = wanted.classic() ? new SoloGroupConsumer(backend, topic, group, mode, soloProgress,
                accepted::addAndGet)
                : new ShareGroupConsumer(backend, topic, group, mode, wanted, accepted::addAndGet);
        acquisition = wanted;
    }

    /**
     * Makes the wanted consumer; while the reader hands over, waits (releasing the monitor) until
     * it is told it shares, at the latest until {@code deadline}. False if it has no consumer then.
     */
    private boolean useWanted(long deadline) throws BackendException {
        while (true) {
            useAcquisition(wanted());
            if (consumer != null) {
                return true;
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || closed) {
                return false;
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    @Override
    public List<byte[]> poll(long timeoutMs) throws BackendException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMs));
        if (!awaitFetchAhead(deadline)) {
            return List.of(); // it is still waiting for records: none came within the timeout
        }
        synchronized (this) {
            if (closed) {
                throw new BackendException("Kafka backend: subscriber of " + topic + " is closed");
            }
            try {
                List<byte[]> values = pollConsumer(deadline, timeoutMs > 0);
                if (!values.isEmpty()) {
                    startFetchAhead();
                }
                return values;
            } catch (KafkaException e) {
                throw KafkaObjectBackend.failure("poll " + topic + " for " + group, e);
            }
        }
    }

    /**
     * Joins the group and fetches ahead in the background (AT_MOST_ONCE and EXACTLY_ONCE): a
     * reader opened when its task starts has joined by the task's first poll (a join takes about
     * 0.2 s on the embedded broker). AT_LEAST_ONCE joins at its first poll.
     */
    @Override
    public synchronized void getReady() {
        readyAsked = true;
        if (consumer == null && !closed && fetchAhead.isDone() && mode != ConsumerMode.AT_LEAST_ONCE) {
            fetchAhead = CompletableFuture.runAsync(() -> fetchAhead(JOIN_WAIT_MS), fetchAheadThreads);
        }
    }

    /** Waits for the fetch ahead in progress until the deadline; false if it is still running then. */
    private boolean awaitFetchAhead(long deadline) {
        CompletableFuture<Void> f = fetchAhead;
        if (f.isDone()) {
            return true;
        }
        try {
            f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            // the fetch ahead logs its own failures; this poll fetches by itself
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    private List<byte[]> pollConsumer(long deadline, boolean checkReachable) throws BackendException {
        long now = System.nanoTime();
        if (lastHandOverNs != 0) { // the first poll since records were handed over
            pollGapNs = now - lastHandOverNs;
            lastHandOverNs = 0;
        }
        Acquisition wanted = wanted(); // once: the count may change meanwhile
        if (mode == ConsumerMode.AT_LEAST_ONCE && consumer != null && acquisition == wanted) {
            acceptWithNextFetch();
        } else {
            acceptUnacknowledged();
        }
        if (!acceptedAhead.isEmpty()) {
            List<byte[]> values = acceptedAhead;
            acceptedAhead = List.of();
            accepted.addAndGet(values.size());
            lastHandOverNs = now;
            return values;
        }
        if (!useWanted(deadline)) {
            return List.of(); // handing over: nothing may be read until the server says the reader shares
        }
        long left = TimeUnit.NANOSECONDS.toMillis(Math.max(0, deadline - System.nanoTime()));
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(left));
        if (records.isEmpty()) {
            if (checkReachable) {
                backend.checkReachable();
            }
            return List.of();
        }
        acceptancesUnsent = false; // the fetch that returned records carried them
        lastHandOverNs = System.nanoTime();
        if (mode == ConsumerMode.AT_LEAST_ONCE) {
            unacknowledged = records;
            return values(records, Set.of()).mine();
        }
        Taken taken = acceptAndCommit(records);
        accepted.addAndGet(taken.accepted());
        return taken.mine();
    }

    /** Accepts the records and commits the acceptance; what this reader got (refused ones left out). */
    private Taken acceptAndCommit(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        return values(records, consumer.acceptAndCommit(records));
    }

    /** Under the monitor, after a poll handed records over. */
    private void startFetchAhead() {
        if (mode == ConsumerMode.AT_LEAST_ONCE || pollGapNs > TimeUnit.MILLISECONDS.toNanos(FETCH_AHEAD_MAX_GAP_MS)) {
            return;
        }
        fetchAhead = CompletableFuture.runAsync(() -> fetchAhead(FETCH_AHEAD_MS), fetchAheadThreads);
    }

    private synchronized void fetchAhead(long waitMs) {
        if (closed || !acceptedAhead.isEmpty()) {
            return;
        }
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMs);
            ConsumerRecords<byte[], byte[]> records = ConsumerRecords.empty();
            while (records.isEmpty() && !closing && System.nanoTime() < deadline) {
                // Between empty slices the consumer holds nothing: the acquisition may switch here.
                useAcquisition(wanted());
                if (consumer == null) {
                    return; // handing over
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                records = consumer.poll(Duration.ofMillis(Math.max(1, Math.min(FETCH_AHEAD_MS, left))));
            }
            if (records.isEmpty()) {
                return;
            }
            if (acquisition != wanted()) {
                // A whole batch acquired just as another reader arrived: not this reader's alone any more.
                releaseAll(records);
                return;
            }
            Taken taken = acceptAndCommit(records);
            accepted.addAndGet(taken.skipped());
            if (taken.mine().isEmpty()) {
                return;
            }
            acceptedAhead = taken.mine();
            long generation = ++aheadGeneration;
            giveBackTimer.schedule(() -> giveBackUnclaimed(generation), GIVE_BACK_MS, TimeUnit.MILLISECONDS);
        } catch (BackendException | KafkaException e) {
            LOG.warn("reader of {} for {}: fetch ahead failed (the next poll fetches): {}", topic, group,
                    e.toString());
        }
    }

    /** Gives records back to the broker unaccepted (each counts one more delivery), for any reader to fetch. */
    private void releaseAll(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        consumer.release(records);
        LOG.debug("reader of {} for {}: released {} records fetched ahead in bulk as readers joined", topic, group,
                records.count());
    }

    private synchronized void giveBackUnclaimed(long generation) {
        if (!closed && generation == aheadGeneration && !acceptedAhead.isEmpty()) {
            LOG.debug("reader of {} for {}: {} records accepted ahead not asked for within {} ms", topic, group,
                    acceptedAhead.size(), GIVE_BACK_MS);
            giveBack();
        }
    }

    /**
     * Publishes the records accepted ahead again, for this application's group only, then counts
     * the originals as accepted (in that order: a drain that sees the count also sees the copies).
     */
    private void giveBack() {
        List<byte[]> values = acceptedAhead;
        acceptedAhead = List.of();
        try {
            backend.publishForGroup(topic, group, values);
            accepted.addAndGet(values.size());
        } catch (BackendException e) {
            LOG.error("reader of {} for {}: {} records accepted ahead could not be given back and are lost: {}",
                    topic, group, values.size(), e.getMessage());
        }
    }

    /**
     * AT_LEAST_ONCE: accepts the records the last poll returned and commits now (before close, or
     * before the consumer is replaced). The acknowledgement callback counts them.
     */
    private void acceptUnacknowledged() throws BackendException {
        // (a solo consumer's acceptances whose commit failed as it was removed from its group are
        // still to send as well)
        if (unacknowledged.isEmpty() && !acceptancesUnsent && !(consumer instanceof SoloGroupConsumer && soloProgress.hasUnsent())) {
            return;
        }
        if (!unacknowledged.isEmpty()) {
            consumer.acceptWithNextPoll(unacknowledged);
        }
        unacknowledged = ConsumerRecords.empty();
        acceptancesUnsent = false;
        consumer.commitAccepted();
    }

    /**
     * AT_LEAST_ONCE: marks the records the last poll returned as accepted; the poll that follows
     * sends that with its fetch instead of a commit of its own first (one round trip less before
     * the next records: a commit took about 2.5 ms here, see docs/STREAMS.md). The acknowledgement
     * callback counts them once the broker has answered.
     */
    private void acceptWithNextFetch() {
        if (unacknowledged.isEmpty()) {
            return;
        }
        consumer.acceptWithNextPoll(unacknowledged);
        unacknowledged = ConsumerRecords.empty();
        acceptancesUnsent = true;
    }

    /** What a reader got from a fetch: its values, and how many copies given back for another group it skipped. */
    private record Taken(List<byte[]> mine, int skipped) {
        /** Records whose acceptance the broker confirmed: this reader's and the skipped copies. */
        int accepted() {
            return mine.size() + skipped;
        }
    }

    private Taken values(ConsumerRecords<byte[], byte[]> records, Set<TopicPartition> dropped) {
        List<byte[]> out = new ArrayList<>(records.count());
        int skipped = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (!dropped.isEmpty() && dropped.contains(new TopicPartition(r.topic(), r.partition()))) {
                continue;
            }
            Header only = r.headers().lastHeader(ONLY_FOR_GROUP_HEADER);
            if (only != null && !group.equals(new String(only.value(), StandardCharsets.UTF_8))) {
                skipped++;
            } else {
                out.add(r.value());
            }
        }
        return new Taken(out, skipped);
    }

    /** Whether the reader has its share consumer, created by its first poll or fetch ahead (for tests). */
    synchronized boolean hasConsumer() {
        return consumer != null;
    }

    /** Records accepted ahead and not returned yet (for tests). */
    synchronized int acceptedAheadCount() {
        return acceptedAhead.size();
    }

    @Override
    public long acceptedCount() {
        return accepted.get();
    }

    @Override
    public long publishedCount() throws BackendException {
        return backend.offsets().published(topic);
    }

    @Override
    public long drainPatienceMs() {
        return EmbeddedKafkaBroker.RECORD_LOCK_MS + 2_000L;
    }

    /**
     * Without a stream server, what the application's other readers accepted is only known
     * from the share group's start offset, which the broker moves seconds after the
     * acknowledgements: this drain ends when that (or this reader's own count) reaches the
     * number of records published.
     */
    @Override
    public List<byte[]> drain() throws BackendException {
        long published = publishedCount();
        return ObjectDrain.drain(this, published, mine -> {
            long taken = mine;
            if (mine < published) {
                taken = Math.max(mine, backend.offsets().takenBy(topic, group));
                backend.markReachable();
            }
            return taken;
        });
    }

    @Override
    public void close() {
        closing = true;
        awaitFetchAhead(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                acceptUnacknowledged();
                if (!acceptedAhead.isEmpty()) {
                    giveBack();
                }
            } catch (BackendException | KafkaException e) {
                LOG.warn("closing reader of {} for {}: {}", topic, group, e.getMessage());
            }
            try {
                if (consumer != null) {
                    consumer.close(Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
                }
            } catch (KafkaException e) {
                LOG.warn("closing reader of {} for {}: {}", topic, group, e.toString());
            }
            handedOver.complete(null);
            notifyAll();
        }
    }
}
