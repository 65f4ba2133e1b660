package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * Getting streams' backends ready, for the stream server: one future per stream (its topic or file
 * queue), completed by whoever sets it up; object-stream topics created in the background
 * ({@link ObjectTopics#createsTopicsInBackground()}); the object-stream backend started ahead of
 * the first stream. Called on the server's loop only; the Kafka calls run on its backend pool.
 */
final class StreamReadiness {
    private static final Logger LOG = LoggerFactory.getLogger(StreamReadiness.class);

    private final ObjectTopics topics;
    private final ServerLoop loop;
    private final Map<String, CompletableFuture<Void>> ready = new HashMap<>();
    /** A topic was asked for: creating it warms the backend up, so no warm-up of its own (read by the backend pool). */
    private volatile boolean topicAsked;
    private volatile boolean closed;

    StreamReadiness(ObjectTopics topics, ServerLoop loop) {
        this.topics = topics;
        this.loop = loop;
    }

    /** The stream's future (created on first use). */
    CompletableFuture<Void> of(String streamId) {
        return ready.computeIfAbsent(streamId, k -> new CompletableFuture<>());
    }

    /**
     * Creates the stream's topic on the backend pool (a creation and its group's initialisation
     * take about 0.2 s; streams registered together get their topics together) and completes the
     * stream's future.
     */
    void createTopicInBackground(String streamId, String applicationId) {
        CompletableFuture<Void> f = of(streamId);
        topicAsked = true;
        loop.offload(() -> {
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
     * Calls {@code done} on the loop once the stream is ready (at once if it is, or if nothing
     * tracks it): with null, or with why its backend could not be set up.
     */
    void whenReady(String streamId, Consumer<String> done) {
        CompletableFuture<Void> f = ready.get(streamId);
        if (f == null) {
            done.accept(null);
            return;
        }
        if (f.isDone()) {
            done.accept(failure(f));
            return;
        }
        f.whenComplete((v, e) -> loop.execute(() -> done.accept(failure(f))));
    }

    private static String failure(CompletableFuture<Void> f) {
        try {
            f.join();
            return null;
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return cause.getMessage();
        }
    }

    /**
     * Starts the object-stream backend (the embedded broker, warmed up unless streams registered
     * meanwhile wait for their topics: creating them warms it up, and a warm-up beside them only
     * delays them) on the backend pool, whose threads are never interrupted: closing the topics
     * waits for the start, then stops it. A failure is logged; the first object stream reports it.
     * The future completes when this is over.
     */
    CompletableFuture<Void> prepareObjectStreams() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        loop.offload(() -> {
            try {
                long t0 = System.nanoTime();
                String bootstrap = topics.bootstrap();
                if (!topicAsked) {
                    topics.prepare();
                }
                LOG.info("object streams ready at {} after {} ms", bootstrap, (System.nanoTime() - t0) / 1_000_000);
            } catch (RuntimeException e) { // BackendException included
                if (!closed) {
                    LOG.warn("could not prepare object streams: {}", e.getMessage());
                }
            } finally {
                done.complete(null);
            }
        });
        return done;
    }

    /** Stops creating topics; streams not ready yet fail. On the loop. */
    void close() {
        closed = true;
        ready.values().forEach(f -> f.completeExceptionally(new BackendException("the stream server closed")));
    }
}
