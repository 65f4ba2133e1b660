package io.braid.streams.server;

import io.braid.streams.BackendException;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Getting streams' backends ready, for the stream server: one future per stream (its topic or file
 * queue), completed by whoever sets it up; object-stream topics created in the background
 * ({@link ObjectTopics#createsTopicsInBackground()}); the object-stream backend started ahead of
 * the first stream.
 */
final class StreamReadiness {
    private static final Logger LOG = LoggerFactory.getLogger(StreamReadiness.class);

    private final ObjectTopics topics;
    private final Map<String, CompletableFuture<Void>> ready = new ConcurrentHashMap<>();
    /**
     * Each creation on its own thread (a creation and its group's initialisation take about
     * 0.2 s; streams registered together get their topics together); never interrupted (Kafka
     * treats an interrupted start as fatal).
     */
    private final ExecutorService topicCreation =
            Executors.newCachedThreadPool(new DefaultThreadFactory("stream-server-topics", true));
    /** A topic was asked for: creating it warms the backend up, so no warm-up of its own. */
    private volatile boolean topicAsked;
    private volatile boolean closed;

    StreamReadiness(ObjectTopics topics) {
        this.topics = topics;
    }

    /** The stream's future (created on first use). */
    CompletableFuture<Void> of(String streamId) {
        return ready.computeIfAbsent(streamId, k -> new CompletableFuture<>());
    }

    /** Creates the stream's topic on a thread of its own and completes the stream's future. */
    void createTopicInBackground(String streamId, String applicationId) {
        CompletableFuture<Void> f = of(streamId);
        topicAsked = true;
        topicCreation.execute(() -> {
            if (closed) {
                f.completeExceptionally(new BackendException("the stream server closed"));
                return;
            }
            try {
                long t0 = System.nanoTime();
                topics.createTopic(streamId, applicationId);
                f.complete(null);
                LOG.info("topic of object stream {} created in {} ms", streamId, (System.nanoTime() - t0) / 1_000_000);
            } catch (RuntimeException e) { // BackendException included
                LOG.warn("cannot set up object stream {}: {}", streamId, e.getMessage());
                f.completeExceptionally(e);
            }
        });
    }

    /**
     * Calls {@code done} once the stream is ready (at once if it is, or if nothing tracks it):
     * with null, or with why its backend could not be set up.
     */
    void whenReady(String streamId, Consumer<String> done) {
        CompletableFuture<Void> f = ready.get(streamId);
        if (f == null) {
            done.accept(null);
            return;
        }
        f.whenComplete((v, e) -> {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            done.accept(e == null ? null : cause.getMessage());
        });
    }

    /**
     * Starts the object-stream backend (the embedded broker, warmed up unless streams registered
     * meanwhile wait for their topics: creating them warms it up, and a warm-up beside them only
     * delays them) on a thread of its own: not a pool's, since closing must not interrupt a broker
     * that is starting; closing the topics waits for the start, then stops it. A failure is
     * logged; the first object stream reports it. The future completes when this is over.
     */
    CompletableFuture<Void> prepareObjectStreams() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                long t0 = System.nanoTime();
                String bootstrap = topics.bootstrap();
                if (!topicAsked) {
                    topics.prepare();
                }
                LOG.info("object streams ready at {} after {} ms", bootstrap, (System.nanoTime() - t0) / 1_000_000);
            } catch (BackendException e) {
                if (!closed) {
                    LOG.warn("could not prepare object streams: {}", e.getMessage());
                }
            } finally {
                done.complete(null);
            }
        }, "stream-server-prepare");
        t.setDaemon(true);
        t.start();
        return done;
    }

    /** Stops creating topics; streams not ready yet fail. */
    void close() {
        closed = true;
        topicCreation.shutdown();
        ready.values().forEach(f -> f.completeExceptionally(new BackendException("the stream server closed")));
    }
}
