package io.braid.streams.internals.kafka;

import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An admin request sent again while it fails the retryable way, within its budget. */
class AdminRetryTest {

    /** Requests that fail with {@code failure} until the {@code failures}-th one, then succeed. */
    private static Supplier<KafkaFuture<?>> failingFirst(int failures, RuntimeException failure, AtomicInteger sent) {
        return () -> {
            KafkaFutureImpl<Void> f = new KafkaFutureImpl<>();
            if (sent.incrementAndGet() <= failures) {
                f.completeExceptionally(failure);
            } else {
                f.complete(null);
            }
            return f;
        };
    }

    @Test
    void aRetryableFailureIsSentAgainUntilTheRequestSucceeds() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        Throwable failure = AdminRetry.untilDone(failingFirst(2, new UnknownTopicOrPartitionException("not yet"), sent),
                e -> e instanceof UnknownTopicOrPartitionException, 5_000, 1);
        assertNull(failure);
        assertEquals(3, sent.get());
    }

    @Test
    void anotherFailureIsGivenBackAtOnce() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        Throwable failure = AdminRetry.untilDone(failingFirst(5, new GroupIdNotFoundException("gone"), sent),
                e -> e instanceof UnknownTopicOrPartitionException, 5_000, 1);
        assertInstanceOf(GroupIdNotFoundException.class, failure);
        assertEquals(1, sent.get());
    }

    @Test
    void pastItsBudgetTheLastFailureIsGivenBack() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        long t0 = System.nanoTime();
        Throwable failure = AdminRetry.untilDone(
                failingFirst(Integer.MAX_VALUE, new UnknownTopicOrPartitionException("never"), sent), e -> true, 100, 10);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertInstanceOf(UnknownTopicOrPartitionException.class, failure);
        assertTrue(ms >= 100, "gave up after " + ms + " ms");
        assertTrue(sent.get() <= 12, sent.get() + " requests in 100 ms with 10 ms pauses: it pauses between them");
    }
}
