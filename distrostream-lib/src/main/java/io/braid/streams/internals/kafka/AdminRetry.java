package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Sends an admin request again while it fails the way a request made a moment too early does
 * (a new topic not yet in the broker's metadata or its coordinator's): best effort, bounded.
 */
final class AdminRetry {

    private AdminRetry() {
    }

    /**
     * Sends {@code request} and waits for its answer, again every {@code pauseMs} while it fails
     * with a cause {@code retryable} accepts, for at most {@code budgetMs}. Returns null once it
     * succeeded, or the failure it gave up on (a timeout is the {@link TimeoutException} itself).
     */
    static Throwable untilDone(Supplier<KafkaFuture<?>> request, Predicate<Throwable> retryable, long budgetMs,
                               long pauseMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMs);
        while (true) {
            Throwable failure;
            try {
                request.get().get(KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                return null;
            } catch (ExecutionException e) {
                failure = e.getCause();
            } catch (TimeoutException e) {
                failure = e;
            }
            if (!retryable.test(failure) || System.nanoTime() > deadline) {
                return failure;
            }
            Thread.sleep(pauseMs);
        }
    }

    /**
     * Waits (bounded, best effort) until a topic just created is ready for a producer: first until
     * the broker's metadata names it with a leader for every partition, then until every leader
     * answers a ListOffsets. The metadata alone was not enough: a producer's first batch sent a
     * moment after it got NOT_LEADER_OR_FOLLOWER, and its idempotent retries were then refused as
     * out of sequence until the delivery time-out (the records were stored, the publish failed;
     * once in KafkaObjectBackendTest). ListOffsets alone was not right either: asked before the
     * metadata had the topic, the admin client logged an ERROR for the unknown topic. Returns null
     * once ready, else the failure it gave up on.
     */
    static Throwable awaitReady(Admin admin, String topic, int partitions, long budgetMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMs);
        Throwable failure = untilDone(() -> admin.describeTopics(List.of(topic)).allTopicNames().thenApply(d -> {
            if (!ledEverywhere(d.get(topic), partitions)) {
                throw new UnknownTopicOrPartitionException("topic " + topic + " has a partition without a leader yet");
            }
            return d;
        }), e -> e instanceof UnknownTopicOrPartitionException, budgetMs, 5);
        if (failure != null) {
            return failure;
        }
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        return untilDone(() -> admin.listOffsets(request).all(), e -> e instanceof RetriableException, left, 5);
    }

    private static boolean ledEverywhere(TopicDescription d, int partitions) {
        if (d == null || d.partitions().size() < partitions) {
            return false;
        }
        for (TopicPartitionInfo p : d.partitions()) {
            if (p.leader() == null || p.leader().isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
