package io.braid.streams.backend;

import io.braid.streams.BackendException;

import java.util.List;

/** One reader of one stream (one per handle that polls). */
public interface ObjectSubscriber extends AutoCloseable {
    /**
     * Records available to this reader: at once (timeoutMs = 0) or as soon as at least one
     * arrives, at the latest after {@code timeoutMs}. Under AT_LEAST_ONCE, the records returned by
     * the previous call are acknowledged by this call.
     */
    List<byte[]> poll(long timeoutMs) throws BackendException;

    /** Every record still unread by this application that this reader can take (stream closed). */
    List<byte[]> drain() throws BackendException;

    /** Acknowledges what was returned (AT_LEAST_ONCE) and leaves. */
    @Override
    void close();
}
