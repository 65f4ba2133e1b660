package io.braid.streams.internals.backend;

import io.braid.streams.BackendException;

import java.util.List;

/** Appends records to one stream. */
public interface ObjectPublisher {
    /**
     * Each value is one record. May return before the backend has them; a record that the backend
     * then fails to store is reported by the next {@code publish} or {@link #flush}.
     */
    void publish(List<byte[]> values) throws BackendException;

    /**
     * Returns once the backend has every record published so far (so once every writer has flushed
     * and closed, the stream's record count is final); throws if any of them could not be stored.
     */
    default void flush() throws BackendException {
    }

    /** Gets ready to publish (connections, metadata) so that the first publish is not slower than the others. */
    default void warmUp() throws BackendException {
    }
}
