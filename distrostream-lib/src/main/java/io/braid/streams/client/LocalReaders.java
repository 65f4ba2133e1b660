package io.braid.streams.client;

import io.braid.streams.BackendException;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The object-stream readers of one client (process), by stream, so that the client can report
 * their counts when the server says a stream closed and close them when it closes; and each
 * closed stream's final record count, asked of the backend once per process.
 */
final class LocalReaders {

    /** The backend's answer to "how many records were published" (final once the stream is closed). */
    @FunctionalInterface
    interface Count {
        long get() throws BackendException;
    }

    private final Map<String, Set<ObjectReader>> byStream = new ConcurrentHashMap<>();
    private final Map<String, Long> finalCounts = new ConcurrentHashMap<>();

    void add(ObjectReader r) {
        byStream.computeIfAbsent(r.streamId(), k -> ConcurrentHashMap.newKeySet()).add(r);
    }

    void remove(ObjectReader r) {
        Set<ObjectReader> s = byStream.get(r.streamId());
        if (s != null) {
            s.remove(r);
        }
    }

    List<ObjectReader> of(String streamId) {
        Set<ObjectReader> s = byStream.get(streamId);
        return s == null ? List.of() : List.copyOf(s);
    }

    List<ObjectReader> all() {
        return byStream.values().stream().flatMap(Set::stream).toList();
    }

    /** The closed stream's record count: asked once, then remembered (it cannot change any more). */
    long finalCount(String streamId, Count published) throws BackendException {
        Long known = finalCounts.get(streamId);
        if (known != null) {
            return known;
        }
        long n = published.get();
        finalCounts.put(streamId, n);
        return n;
    }
}
