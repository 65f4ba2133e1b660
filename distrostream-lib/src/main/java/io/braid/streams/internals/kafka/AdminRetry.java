package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;

import java.util.HashMap;
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
     * Waits (bounded, best effort) until every partition of a new topic answers on its leader: a
     * ListOffsets goes to the leader, so it succeeds only once the broker leads the partition, not
     * merely once the metadata names it. A producer whose first batch reached the broker a moment
     * before that got NOT_LEADER_OR_FOLLOWER, retried, and its idempotent retries were then refused
     * as out of sequence until its delivery time-out (the records were stored, the publish failed:
     * seen once in KafkaObjectBackendTest). Returns null once ready, else the failure it gave up on.
     */
    static Throwable awaitLeaders(Admin admin, String topic, int partitions, long budgetMs)
            throws InterruptedException {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        return untilDone(() -> admin.listOffsets(request).all(), e -> e instanceof RetriableException, budgetMs, 5);
    }
}
