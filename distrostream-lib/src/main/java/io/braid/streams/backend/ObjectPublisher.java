package io.braid.streams.backend;

import io.braid.streams.BackendException;

import java.util.List;

/** Appends records to one stream. */
public interface ObjectPublisher {
    /** Each value is one record; returns once the backend has acknowledged them all. */
    void publish(List<byte[]> values) throws BackendException;

    /** Gets ready to publish (connections, metadata) so that the first publish is not slower than the others. */
    default void warmUp() throws BackendException {
    }
}
