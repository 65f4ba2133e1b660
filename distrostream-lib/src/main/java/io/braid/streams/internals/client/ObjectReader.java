package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectDrain;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.ReaderProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One handle's reader of an object stream: its backend subscriber, plus the reports that let the
 * drains of its application's readers end exactly. While the stream is open a poll is the
 * subscriber's poll; once it is closed, the first poll drains ({@link ObjectDrain}: until the
 * application's readers together have accepted every published record) and later polls answer
 * at once. The stream server learns this reader's accepted count (under its own reader id, one per
 * reader) when the stream closes (the client reports on the server's push), after each poll that
 * accepted records once the stream is closed, on every step of a drain, when the subscriber's
 * count rises on its own (records it accepted ahead given back by its timer,
 * {@link ObjectSubscriber#onCountRise}), and when the reader closes. Polls run one at a time; a long poll returns soon after the stream closes.
 *
 * <p>The reader tells the server when it opens and closes; the server answers with the number of
 * readers its application has on the stream, and pushes every change to the application's readers
 * ({@link io.braid.streams.internals.protocol.ApplicationReaders}): the subscriber acquires records in bulk
 * while it is the only one and few at a time otherwise.
 */
public final class ObjectReader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ObjectReader.class);

    /** Longest wait of one backend poll while the stream is open. */
    static final long SLICE_MS = 50;

    private final DistroStreamClient client;
    private final String streamId;
    private final String readerId;
    private final ObjectSubscriber subscriber;
    /** The largest count the server has been sent. */
    private final AtomicLong reported = new AtomicLong();
    private boolean drained;
    /** The drain ended by its no-progress fallback, not because every record was accounted for. */
    private volatile boolean drainGaveUp;
    private boolean closed;
    /** Set when close starts: from then on the close reports, and waits for the server's answer. */
    private volatile boolean closing;

    private ObjectReader(DistroStreamClient client, String streamId, String readerId, ObjectSubscriber subscriber) {
        this.client = client;
        this.streamId = streamId;
        this.readerId = readerId;
        this.subscriber = subscriber;
    }

    /** A new reader of the stream for {@code client}'s application, known to the client until it closes. */
    public static ObjectReader open(DistroStreamClient client, String streamId, ConsumerMode mode)
            throws BackendException {
        String readerId = client.newRoleId();
        // The subscriber (its group's settings) is made while the server may still be creating the topic.
        ObjectSubscriber s = client.objectBackend().subscriber(streamId, client.applicationId(), mode);
        try {
            client.awaitObjectStream(streamId);
        } catch (BackendException e) {
            s.close();
            throw e;
        }
        ObjectReader r = new ObjectReader(client, streamId, readerId, s);
        s.onCountRise(r::countRose);
        client.readers().add(r); // before the server knows it: its pushes (a hand-over) may follow at once
        try {
            r.readersOfApplication(client.openObjectReader(streamId, readerId));
        } catch (BackendException e) {
            client.readers().remove(r);
            s.close();
            throw e;
        }
        s.getReady(); // a reader opened when its task starts has joined by the task's first poll
        return r;
    }

    String readerId() {
        return readerId;
    }

    String streamId() {
        return streamId;
    }

    /** The server says how many readers the application has on the stream: the subscriber sizes its fetches on it. */
    void readersOfApplication(ApplicationReaders readers) {
        subscriber.readersOfApplication(readers.readers(), readers.sharing());
    }

    /** The server asks this solo reader to stop reading alone ({@link ObjectSubscriber#handOver()}). */
    CompletableFuture<Void> handOver() {
        return subscriber.handOver();
    }

    /** Records for this reader; once the stream is closed, the first call returns all that is left. */
    public synchronized List<byte[]> poll(long timeoutMs) throws BackendException {
        if (closed) {
            throw new BackendException("the reader of stream " + streamId + " is closed");
        }
        if (!client.isClosed(streamId)) {
            List<byte[]> records = pollWhileOpen(Math.max(0, timeoutMs));
            if (client.isClosed(streamId)) {
                reportIfChanged(); // the stream closed while this poll ran: the push's report may miss its records
            }
            return records;
        }
        if (!drained) {
            long published = client.readers().finalCount(streamId, subscriber::publishedCount);
            List<byte[]> records = ObjectDrain.drain(subscriber, published, this::applicationTotal,
                    () -> drainGaveUp = true);
            drained = true;
            return records;
        }
        // A record released by a reader that died may still come.
        List<byte[]> records = subscriber.poll(0);
        reportIfChanged();
        return records;
    }

    /**
     * Waits in slices of at most {@value #SLICE_MS} ms, so that a long poll in progress when the
     * stream closes returns (empty) soon after, and the caller's next poll drains.
     */
    private List<byte[]> pollWhileOpen(long timeoutMs) throws BackendException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            List<byte[]> records = subscriber.poll(Math.max(0, Math.min(SLICE_MS, left)));
            if (!records.isEmpty() || left <= SLICE_MS || client.isClosed(streamId)) {
                return records;
            }
        }
    }

    /**
     * Whether this reader's drain (its first poll after the stream closed) has ended because the
     * application's readers together had accepted every record, the exact end condition; false
     * before the drain, and when it ended by the no-progress fallback ({@link ObjectDrain}).
     */
    public boolean drainEndedOnCounts() {
        synchronized (this) {
            return drained && !drainGaveUp;
        }
    }

    /** Records the subscriber has accepted ahead and holds ({@link ObjectSubscriber#acceptedAheadCount()}). */
    public int acceptedAheadCount() {
        return subscriber.acceptedAheadCount();
    }

    /**
     * Accepts what is pending (AT_LEAST_ONCE), reports the final count and leaves.
     *
     * @throws BackendException after the reader has left, when the final count could not reach the
     *         stream server (the error names the reader, the stream and the server; the other
     *         readers' last poll of the closed stream then ends only by its fallback), or when the
     *         subscriber could not settle records it held ({@link ObjectSubscriber#close()}: records
     *         accepted ahead that could not be given back, AT_LEAST_ONCE records that could not be
     *         accepted); the first of the two, with the other as a suppressed exception
     */
    @Override
    public void close() {
        closing = true;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        BackendException failure = null;
        try {
            subscriber.close();
        } catch (BackendException e) {
            failure = e; // it has left all the same: the rest of the close goes on
        }
        client.readers().remove(this);
        client.objectReaderClosed(streamId, readerId);
        long n = subscriber.acceptedCount();
        if (n > reported.get()) {
            try {
                applicationTotal(n);
            } catch (BackendException e) {
                BackendException notReported = new BackendException("reader " + readerId + " of stream " + streamId
                        + " could not report its " + n + " accepted records to the stream server at "
                        + client.serverAddress() + ": " + e.getMessage() + " (the other readers' last poll of the"
                        + " closed stream waits for the records' lock instead)", e);
                if (failure == null) {
                    failure = notReported;
                } else {
                    failure.addSuppressed(notReported);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * The subscriber's count rose on its own thread (a give-back by its timer): reported one-way
     * at once, open stream or closed, without waiting (a give-back is rare; a stream that closes
     * later finds the count there, one that closed already has a drain that may be waiting for it).
     */
    private void countRose() {
        if (closing) {
            return; // the close reports, and waits for the server's answer
        }
        long n = subscriber.acceptedCount();
        if (n <= reported.get()) {
            return;
        }
        try {
            client.send(new ReaderProgress(streamId, client.applicationId(), readerId, n));
            reported.accumulateAndGet(n, Math::max);
        } catch (BackendException e) {
            LOG.warn("reader {} of stream {}: count {} not reported yet (its next poll or close does): {}", readerId,
                    streamId, n, e.getMessage());
        }
    }

    /** This reader's count for a one-way report, or null when the server has it already. */
    ReaderProgress progressReport() {
        long n = subscriber.acceptedCount();
        if (n <= reported.get()) {
            return null;
        }
        reported.accumulateAndGet(n, Math::max);
        return new ReaderProgress(streamId, client.applicationId(), readerId, n);
    }

    private void reportIfChanged() throws BackendException {
        ReaderProgress p = progressReport();
        if (p != null) {
            client.send(p);
        }
    }

    private long applicationTotal(long acceptedHere) throws BackendException {
        long total = client.applicationProgress(streamId, readerId, acceptedHere);
        reported.accumulateAndGet(acceptedHere, Math::max);
        return total;
    }
}
