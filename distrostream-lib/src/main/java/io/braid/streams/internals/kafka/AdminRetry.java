package io.braid.streams.internals.kafka;

import org.apache.kafka.common.KafkaFuture;

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
}
