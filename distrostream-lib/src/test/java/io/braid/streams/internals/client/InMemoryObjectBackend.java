package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectBackend;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test double of Kafka: topics in memory, shared by every backend instance of the JVM (so several
 * clients in one JVM see the same records, as processes would). Readers of one application share
 * a cursor (each record reaches one of them); applications each see every record.
 */
public final class InMemoryObjectBackend implements ObjectBackend {

    private static final Map<String, Topic> TOPICS = new HashMap<>();

    private static final class Topic {
        final List<byte[]> records = new ArrayList<>();
        final Map<String, Integer> cursorByApp = new HashMap<>();
    }

    /** A factory for {@link DistroStreamClient}: every bootstrap address gives the shared in-memory store. */
    public static final ObjectBackendFactory FACTORY = bootstrap -> new InMemoryObjectBackend();
    /**
     * How many times a subscriber drained or was asked for the stream's record count (a handle's
     * drain asks once; tests check that a drained stream is not drained again).
     */
    public static final java.util.concurrent.atomic.AtomicInteger DRAINS = new java.util.concurrent.atomic.AtomicInteger();

    /** Set by {@link #warmUp()}. */
    public volatile boolean warmedUp;

    @Override
    public void warmUp() {
        warmedUp = true;
    }

    private static Topic topic(String id) {
        synchronized (TOPICS) {
            return TOPICS.computeIfAbsent(id, k -> new Topic());
        }
    }

    /** Records published on {@code streamId} so far. */
    public static int size(String streamId) {
        Topic t = topic(streamId);
        synchronized (t) {
            return t.records.size();
        }
    }

    @Override
    public ObjectPublisher publisher(String streamId) {
        Topic t = topic(streamId);
        return values -> {
            synchronized (t) {
                t.records.addAll(values);
                t.notifyAll();
            }
        };
    }

    @Override
    public ObjectSubscriber subscriber(String streamId, String applicationId, ConsumerMode mode) {
        Topic t = topic(streamId);
        return new ObjectSubscriber() {
            private final java.util.concurrent.atomic.AtomicLong accepted = new java.util.concurrent.atomic.AtomicLong();

            @Override
            public List<byte[]> poll(long timeoutMs) throws BackendException {
                long deadline = System.currentTimeMillis() + timeoutMs;
                synchronized (t) {
                    while (true) {
                        int from = t.cursorByApp.getOrDefault(applicationId, 0);
                        if (from < t.records.size()) {
                            int to = Math.min(t.records.size(), from + 10);
                            t.cursorByApp.put(applicationId, to);
                            accepted.addAndGet(to - from);
                            return new ArrayList<>(t.records.subList(from, to));
                        }
                        long left = deadline - System.currentTimeMillis();
                        if (left <= 0) {
                            return List.of();
                        }
                        try {
                            t.wait(left);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new BackendException("interrupted");
                        }
                    }
                }
            }

            @Override
            public long acceptedCount() {
                return accepted.get();
            }

            @Override
            public long publishedCount() {
                DRAINS.incrementAndGet();
                synchronized (t) {
                    return t.records.size();
                }
            }

            @Override
            public long drainPatienceMs() {
                return 2_000;
            }

            @Override
            public List<byte[]> drain() {
                DRAINS.incrementAndGet();
                synchronized (t) {
                    int from = t.cursorByApp.getOrDefault(applicationId, 0);
                    t.cursorByApp.put(applicationId, t.records.size());
                    accepted.addAndGet(t.records.size() - from);
                    return new ArrayList<>(t.records.subList(from, t.records.size()));
                }
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() {
    }
}
