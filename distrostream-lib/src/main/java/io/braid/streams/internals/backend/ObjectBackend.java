package io.braid.streams.internals.backend;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;

/**
 * Where object-stream records live (Kafka). Records are opaque bytes here: serialisation is the
 * handle's job. One instance per process, shared by every handle; thread-safe.
 */
public interface ObjectBackend extends AutoCloseable {

    /** A publisher for the stream; publishers may be shared by threads. */
    ObjectPublisher publisher(String streamId) throws BackendException;

    /**
     * A reader of the stream on behalf of application {@code applicationId}: the readers of one
     * application share the records (each record reaches one of them, as the mode says), readers
     * of different applications each see every record.
     */
    ObjectSubscriber subscriber(String streamId, String applicationId, ConsumerMode mode) throws BackendException;

    /**
     * Gets this process's side of the backend ready (classes loaded, connections open) so that
     * the first publish and poll do not pay for it. Optional; blocks until done.
     */
    default void warmUp() throws BackendException {
    }

    @Override
    void close();
}
