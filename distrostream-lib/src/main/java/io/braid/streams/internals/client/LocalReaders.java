package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.Sharing;
import io.braid.streams.internals.protocol.ApplicationReaders;
import io.braid.streams.internals.protocol.HandOver;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The object-stream readers of one client (process), by stream, so that the client can report
 * their counts when the server says a stream closed and close them when it closes; what the server
 * last said of the application's readers of each stream, passed on to them; and each closed
 * stream's final record count, asked of the backend once per process.
 */
final class LocalReaders {

    /** The backend's answer to "how many records were published" (final once the stream is closed). */
    @FunctionalInterface
    interface Count {
        long get() throws BackendException;
    }

    private final Map<String, Set<ObjectReader>> byStream = new ConcurrentHashMap<>();
    private final Map<String, Long> finalCounts = new ConcurrentHashMap<>();
    /** Stream id -> the application's readers of it, as the server last pushed. */
    private final Map<String, ApplicationReaders> applicationReaders = new ConcurrentHashMap<>();

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

    /** The server's push: remembered, and passed on to this process's readers of the stream. */
    void applicationReaders(ApplicationReaders push) {
        applicationReaders.put(push.streamId(), push);
        for (ObjectReader r : of(push.streamId())) {
            r.readersOfApplication(push);
        }
    }

    /** The application's object readers of the stream, as the server last said (0 readers: not known). */
    ApplicationReaders applicationReaders(String streamId) {
        return applicationReaders.getOrDefault(streamId, new ApplicationReaders(streamId, 0, Sharing.SHARED));
    }

    /**
     * The server asks reader {@code readerId} to hand over: completes once it has (at once if
     * this process has no such reader open: it closed, and closing commits).
     */
    CompletableFuture<Void> handOver(HandOver push) {
        for (ObjectReader r : of(push.streamId())) {
            if (r.readerId().equals(push.readerId())) {
                return r.handOver();
            }
        }
        return CompletableFuture.completedFuture(null);
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
