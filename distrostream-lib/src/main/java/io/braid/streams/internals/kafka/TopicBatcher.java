package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Creates stream topics, sending the requests that arrive together as one CreateTopics request.
 * The controller commits each request's metadata on its own: four streams registered while the
 * embedded broker started got their topics 220, 308, 427 and 532 ms after it was up, one after
 * the other (2 loaded cores, 2026-11-24). A caller that finds no request in flight sends one with
 * everything pending; callers arriving meanwhile are sent together, next. Thread-safe.
 */
final class TopicBatcher {

    private record Pending(String streamId, int partitions, CompletableFuture<Boolean> created) {
    }

    /** Sends one CreateTopics request: a future per topic name. */
    private final Function<List<NewTopic>, Map<String, KafkaFuture<Void>>> send;
    private final long timeoutMs;
    private final Map<String, Pending> pending = new LinkedHashMap<>();
    private boolean sending;

    TopicBatcher(Function<List<NewTopic>, Map<String, KafkaFuture<Void>>> send, long timeoutMs) {
        this.send = send;
        this.timeoutMs = timeoutMs;
    }

    /** Creates the stream's topic; false when it existed already. */
    boolean create(String streamId, int partitions) throws BackendException {
        Pending mine;
        boolean leader;
        synchronized (this) {
            mine = pending.computeIfAbsent(streamId, id -> new Pending(id, partitions, new CompletableFuture<>()));
            leader = !sending;
            sending = true;
        }
        if (leader) {
            sendWhilePending();
        }
        // a request in flight, then this one
        return KafkaObjectBackend.await(mine.created, 2 * timeoutMs, "create the topic of stream " + streamId);
    }

    /** Requests waiting for the next CreateTopics request (for tests). */
    synchronized int waiting() {
        return pending.size();
    }

    private void sendWhilePending() {
        while (true) {
            List<Pending> batch;
            synchronized (this) {
                if (pending.isEmpty()) {
                    sending = false;
                    return;
                }
                batch = new ArrayList<>(pending.values());
                pending.clear();
            }
            sendBatch(batch);
        }
    }

    private void sendBatch(List<Pending> batch) {
        Map<String, KafkaFuture<Void>> results;
        try {
            results = send.apply(batch.stream()
                    .map(p -> new NewTopic(KafkaObjectBackend.topicName(p.streamId), p.partitions, (short) 1)).toList());
        } catch (RuntimeException e) {
            batch.forEach(p -> p.created.completeExceptionally(e));
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        for (Pending p : batch) {
            try {
                results.get(KafkaObjectBackend.topicName(p.streamId))
                        .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                p.created.complete(true);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof TopicExistsException) {
                    p.created.complete(false);
                } else {
                    p.created.completeExceptionally(e.getCause());
                }
            } catch (TimeoutException | RuntimeException e) {
                p.created.completeExceptionally(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.created.completeExceptionally(e);
            }
        }
    }
}
