package io.braid.streams.internals.client;

import io.braid.streams.internals.protocol.StreamInfo;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a client knows of streams: their metadata (it never changes once registered) and whether
 * they are closed. A stream is known closed for good; "open" is trusted only while it is
 * <em>verified</em>: the server pushes closings, so it holds while the connection that would carry
 * the push stays up, and every stream goes back to unverified when a connection is made or lost.
 * Thread-safe.
 */
final class StreamCache {

    /** What this client knows of a stream. */
    private static final class Entry {
        volatile StreamInfo info;
        volatile boolean closed;
        volatile boolean verified;
    }

    private final Map<String, Entry> streams = new ConcurrentHashMap<>();

    /** The stream's metadata, null when not known. */
    StreamInfo info(String streamId) {
        Entry e = streams.get(streamId);
        return e == null ? null : e.info;
    }

    /** The server's answer about a stream: its metadata and closed flag, verified now. */
    void remember(StreamInfo info) {
        Entry e = streams.computeIfAbsent(info.streamId(), k -> new Entry());
        e.info = info;
        if (info.closed()) {
            e.closed = true;
        }
        e.verified = true;
    }

    /** The server says the stream closed. */
    void markClosed(String streamId) {
        Entry e = streams.computeIfAbsent(streamId, k -> new Entry());
        e.closed = true;
        e.verified = true;
    }

    /** Whether the stream is closed, if that is known for sure; null when the server must be asked. */
    Boolean closedIfKnown(String streamId) {
        Entry e = streams.get(streamId);
        return e != null && (e.closed || e.verified) ? e.closed : null;
    }

    /** The last state known, whatever its age (false if none). */
    boolean lastKnownClosed(String streamId) {
        Entry e = streams.get(streamId);
        return e != null && e.closed;
    }

    /** Pushes may have been missed: "open" must be asked again. */
    void unverifyAll() {
        streams.values().forEach(e -> e.verified = false);
    }
}
