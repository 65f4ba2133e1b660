package io.braid.streams;

import io.braid.comm.serial.ObjectSerializer;
import io.braid.streams.backend.ObjectPublisher;
import io.braid.streams.backend.ObjectSubscriber;
import io.braid.streams.client.StreamAccess;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.util.ArrayList;
import java.util.List;

/**
 * A stream of serialisable objects, one Kafka topic per stream. Values are Java-serialised with
 * the thread context class loader (deserialised through Braid's class filter: application
 * classes and JDK value classes). Writers register on their first publish, readers on their first
 * poll; readers of one application share the records, as the consumer mode says.
 *
 * @param <T> the elements' type
 */
public class ObjectDistroStream<T> extends StreamHandle<T> {

    private static final long serialVersionUID = 1L;

    private transient volatile ObjectPublisher publisher;
    private transient ObjectSubscriber subscriber;
    /** This handle drained the closed stream: later polls only pick up records released since. */
    private transient boolean drained;
    /** The task runtime ended this handle's reader role; a background preparation must not start a new one. */
    private transient boolean readerReleased;

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

    @Override
    public void publish(List<T> elements) throws BackendException {
        if (elements == null) {
            throw new BackendException("cannot publish a null list on stream " + describe());
        }
        beginPublish();
        ObjectSerializer serializer = serializer();
        List<byte[]> records = new ArrayList<>(elements.size());
        for (T e : elements) {
            try {
                records.add(serializer.serialize(e));
            } catch (NotSerializableException ex) {
                throw new BackendException("cannot publish on stream " + describe() + ": " + ex.getMessage(), ex);
            } catch (IOException ex) {
                throw new BackendException("cannot serialise " + (e == null ? "null" : e.getClass().getName())
                        + " to publish on stream " + describe() + ": " + ex, ex);
            }
        }
        if (!records.isEmpty()) {
            publisher().publish(records);
        }
    }

    @Override
    public List<T> poll(long timeoutMs) throws BackendException {
        beginPoll(true);
        synchronized (readLock()) {
            readerReleased = false;
            subscriber();
            // Once the stream is closed every record is in: take all that is left, once; after that
            // answer at once (a record released by a reader that died may still come).
            List<byte[]> records;
            if (!isClosed()) {
                records = subscriber.poll(Math.max(0, timeoutMs));
            } else if (!drained) {
                records = subscriber.drain();
                drained = true;
            } else {
                records = subscriber.poll(0);
            }
            return deserialize(records);
        }
    }

    @Override
    void prepare() {
        StreamAccess a = access();
        Thread t = new Thread(() -> {
            try {
                if (a != StreamAccess.READ_ONLY) {
                    publisher().warmUp();
                }
                if (a != StreamAccess.WRITE_ONLY) {
                    beginPoll(true);
                    synchronized (readLock()) {
                        if (!readerReleased) {
                            subscriber();
                        }
                    }
                }
            } catch (BackendException | RuntimeException e) {
                // the first publish or poll reports it
            }
        }, "stream-prepare-" + getId());
        t.setDaemon(true);
        t.start();
    }

    /** Under the read lock. */
    private ObjectSubscriber subscriber() throws BackendException {
        if (subscriber == null) {
            subscriber = client().objectBackend().subscriber(getId(), client().applicationId(), getConsumerMode());
        }
        return subscriber;
    }

    @Override
    void releaseReader() {
        synchronized (readLock()) {
            readerReleased = true;
            if (subscriber != null) {
                subscriber.close();
                subscriber = null;
                drained = false;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private List<T> deserialize(List<byte[]> records) throws BackendException {
        ObjectSerializer serializer = serializer();
        List<T> values = new ArrayList<>(records.size());
        for (byte[] r : records) {
            try {
                values.add((T) serializer.deserialize(r));
            } catch (InvalidClassException e) {
                throw new BackendException("cannot read a record of stream " + describe() + ": class " + e.classname
                        + " " + e.getMessage(), e);
            } catch (ClassNotFoundException e) {
                throw new BackendException("cannot read a record of stream " + describe() + ": class "
                        + e.getMessage() + " is not on this process's classpath", e);
            } catch (IOException e) {
                throw new BackendException("cannot read a record of stream " + describe() + ": " + e, e);
            }
        }
        return values;
    }

    private ObjectPublisher publisher() throws BackendException {
        ObjectPublisher p = publisher;
        if (p == null) {
            synchronized (this) {
                p = publisher;
                if (p == null) {
                    p = client().objectBackend().publisher(getId());
                    publisher = p;
                }
            }
        }
        return p;
    }

    private ObjectSerializer serializer() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return new ObjectSerializer(l != null ? l : ObjectDistroStream.class.getClassLoader());
    }
}
