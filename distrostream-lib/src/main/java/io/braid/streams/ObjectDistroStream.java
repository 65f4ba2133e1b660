package io.braid.streams;

import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.client.ObjectReader;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.records.RecordCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * A stream of objects, one Kafka topic per stream. Values are written with the process's
 * {@link StreamSerializer} (default {@link JavaStreamSerializer}: Java serialisation with the
 * thread context class loader and Braid's class filter); every process of a stream must use the
 * same one. Writers register on their first publish, readers on their first poll; readers of one
 * application share the records, as the consumer mode says.
 *
 * @param <T> the elements' type
 */
public class ObjectDistroStream<T> extends StreamHandle<T> {

    private static final long serialVersionUID = 1L;

    private transient volatile ObjectPublisher publisher;
    /** Guards the publisher's creation (made lazily: the handle may have been deserialised). */
    private transient volatile Object publisherLock;
    /** This handle's reader, opened by the first poll (guarded by {@link #readLock()}). */
    private transient ObjectReader reader;
    /** The task runtime closed this handle's reader: a background preparation must not open a new one. */
    private transient boolean readerClosed;

    /** A new object stream, mode {@link ConsumerMode#AT_MOST_ONCE}. */
    public ObjectDistroStream() throws RegistrationException {
        this(null, ConsumerMode.AT_MOST_ONCE);
    }

    /** The object stream named {@code alias}, created (mode AT_MOST_ONCE) if no stream has that alias yet. */
    public ObjectDistroStream(String alias) throws RegistrationException {
        this(alias, ConsumerMode.AT_MOST_ONCE);
    }

    public ObjectDistroStream(ConsumerMode mode) throws RegistrationException {
        this(null, mode);
    }

    /** The object stream named {@code alias}, created with {@code mode} if none has it (else the creator's mode wins). */
    public ObjectDistroStream(String alias, ConsumerMode mode) throws RegistrationException {
        super(StreamType.OBJECT, alias, mode, null);
    }

    /** A handle on an existing stream ({@code StreamHandles.attach}). */
    ObjectDistroStream(ExistingStream stream) {
        super(stream);
    }

    @Override
    public void publish(List<T> elements) throws BackendException {
        if (elements == null) {
            throw new BackendException("cannot publish a null list on stream " + describe());
        }
        beginPublish();
        RecordCodec codec = RecordCodec.forStream(describe());
        List<byte[]> records = new ArrayList<>(elements.size());
        for (T e : elements) {
            records.add(codec.encode(e));
        }
        if (!records.isEmpty()) {
            publisher().publish(records);
        }
    }

    @Override
    public List<T> poll(long timeoutMs) throws BackendException {
        beginPoll(true);
        RecordCodec codec = RecordCodec.forStream(describe()); // before taking records: a bad serializer loses none
        synchronized (readLock()) {
            readerClosed = false;
            return took(deserialize(reader().poll(timeoutMs), codec));
        }
    }

    /** This handle stops reading (a task that polled it ends): its reader reports what it took and leaves. */
    @Override
    void closeReader() {
        synchronized (readLock()) {
            readerClosed = true;
            if (reader != null) {
                ObjectReader r = reader;
                reader = null; // left even if the close throws (it reports records it could not settle)
                r.close();
            }
        }
    }

    /**
     * Whether this handle's reader drained the closed stream and its drain ended on the exact
     * condition (every record accounted for by the application's readers), not by the
     * no-progress fallback (tests).
     */
    boolean drainEndedOnCounts() {
        synchronized (readLock()) {
            return reader != null && reader.drainEndedOnCounts();
        }
    }

    /** Records this handle's reader has accepted ahead and holds (tests wait on it). */
    int acceptedAhead() {
        synchronized (readLock()) {
            return reader == null ? 0 : reader.acceptedAheadCount();
        }
    }

    /** Under the read lock. */
    private ObjectReader reader() throws BackendException {
        if (reader == null) {
            reader = ObjectReader.open(client(), getId(), getConsumerMode());
        }
        return reader;
    }

    /** On the process's scheduler (its work blocks until the publisher is connected and the reader joined). */
    @Override
    void prepare() {
        StreamAccess a = access();
        try {
            client().scheduler().executor().execute(() -> {
                try {
                    if (a != StreamAccess.READ_ONLY) {
                        publisher().warmUp();
                    }
                    if (a != StreamAccess.WRITE_ONLY) {
                        beginPoll(true);
                        synchronized (readLock()) {
                            if (!readerClosed) {
                                reader();
                            }
                        }
                    }
                } catch (RuntimeException e) { // BackendException included
                    // the first publish or poll reports it
                }
            });
        } catch (BackendException | java.util.concurrent.RejectedExecutionException e) {
            // no client, or it is closing: the first publish or poll reports it
        }
    }

    /** Every record this handle published is stored before its writer is reported closed. */
    @Override
    void beforeClose() throws BackendException {
        ObjectPublisher p = publisher;
        if (p != null) {
            p.flush();
        }
    }

    private Object publisherLock() {
        Object l = publisherLock;
        if (l == null) {
            synchronized (this) {
                l = publisherLock;
                if (l == null) {
                    l = new Object();
                    publisherLock = l;
                }
            }
        }
        return l;
    }

    @SuppressWarnings("unchecked")
    private List<T> deserialize(List<byte[]> records, RecordCodec codec) throws BackendException {
        List<T> values = new ArrayList<>(records.size());
        for (byte[] r : records) {
            values.add((T) codec.decode(r));
        }
        return values;
    }

    private ObjectPublisher publisher() throws BackendException {
        ObjectPublisher p = publisher;
        if (p == null) {
            // Not the handle's monitor: a publisher waiting for its topic must not hold up a poll.
            synchronized (publisherLock()) {
                p = publisher;
                if (p == null) {
                    client().awaitObjectStream(getId());
                    p = client().objectBackend().publisher(getId());
                    publisher = p;
                }
            }
        }
        return p;
    }
}
