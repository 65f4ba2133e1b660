package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Topic creations asked for while a request is in flight go together in the next request. */
class TopicBatcherTest {

    /** Answers every CreateTopics request after {@link #release} opens: "exists" and "bad" names fail. */
    private static final class FakeAdmin {
        final List<List<String>> requests = new CopyOnWriteArrayList<>();
        final CountDownLatch release = new CountDownLatch(1);

        Map<String, KafkaFuture<Void>> send(List<NewTopic> topics) {
            requests.add(topics.stream().map(NewTopic::name).toList());
            try {
                assertTrue(release.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Map<String, KafkaFuture<Void>> out = new HashMap<>();
            for (NewTopic t : topics) {
                KafkaFutureImpl<Void> f = new KafkaFutureImpl<>();
                if (t.name().endsWith("exists")) {
                    f.completeExceptionally(new TopicExistsException(t.name()));
                } else if (t.name().endsWith("bad")) {
                    f.completeExceptionally(new InvalidTopicException("illegal name " + t.name()));
                } else {
                    f.complete(null);
                }
                out.put(t.name(), f);
            }
            return out;
        }
    }

    /** A thread asking for one stream's topic; its result is true, false or the BackendException. */
    private static final class Caller extends Thread {
        final CompletableFuture<Object> result = new CompletableFuture<>();
        private final TopicBatcher batcher;
        private final String streamId;

        Caller(TopicBatcher batcher, String streamId) {
            this.batcher = batcher;
            this.streamId = streamId;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            try {
                result.complete(batcher.create(streamId, 1));
            } catch (BackendException e) {
                result.complete(e);
            }
        }
    }

    /**
     * Waits until every caller waits for its answer (a timed wait: the future's get), so each has
     * put its stream in the batcher; a caller not there yet would make a request of its own.
     */
    private static void awaitAllWaiting(List<Caller> callers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!callers.stream().allMatch(c -> c.getState() == Thread.State.TIMED_WAITING)) {
            assertTrue(System.nanoTime() < deadline, "callers waiting for their answers");
            Thread.sleep(5);
        }
    }

    @Test
    void creationsAskedForDuringARequestAreSentTogetherNext() throws Exception {
        FakeAdmin admin = new FakeAdmin();
        TopicBatcher batcher = new TopicBatcher(admin::send, 5_000);
        Caller first = new Caller(batcher, "s-1");
        while (admin.requests.isEmpty()) {
            Thread.sleep(5);
        }
        List<Caller> next = new ArrayList<>();
        for (String id : List.of("s-2", "s-3", "s-4", "s-exists", "s-bad", "s-3")) {
            next.add(new Caller(batcher, id));
        }
        awaitAllWaiting(next);
        assertEquals(5, batcher.waiting(), "s-3 twice is one topic");
        admin.release.countDown();

        assertEquals(true, first.result.get(10, TimeUnit.SECONDS));
        assertEquals(true, next.get(0).result.get(10, TimeUnit.SECONDS));
        assertEquals(true, next.get(1).result.get(10, TimeUnit.SECONDS));
        assertEquals(true, next.get(2).result.get(10, TimeUnit.SECONDS));
        assertEquals(false, next.get(3).result.get(10, TimeUnit.SECONDS), "an existing topic is no error");
        Object bad = next.get(4).result.get(10, TimeUnit.SECONDS);
        assertTrue(bad instanceof BackendException b && b.getMessage().contains("stream s-bad")
                && b.getMessage().contains("illegal name"), String.valueOf(bad));
        assertEquals(true, next.get(5).result.get(10, TimeUnit.SECONDS), "the same stream asked for twice");

        assertEquals(2, admin.requests.size(), "one request in flight, then one for all that came meanwhile");
        assertEquals(List.of(KafkaObjectBackend.topicName("s-1")), admin.requests.get(0));
        assertEquals(5, admin.requests.get(1).size());
        assertTrue(admin.requests.get(1).containsAll(List.of("s-2", "s-3", "s-4", "s-exists", "s-bad").stream()
                .map(KafkaObjectBackend::topicName).toList()), admin.requests.get(1).toString());
        assertEquals(0, batcher.waiting());
    }

    @Test
    void aRequestThatCannotBeSentFailsItsStreamsAndTheNextOneIsSent() throws Exception {
        List<Integer> calls = new CopyOnWriteArrayList<>();
        TopicBatcher batcher = new TopicBatcher(topics -> {
            calls.add(topics.size());
            if (calls.size() == 1) {
                throw new IllegalStateException("admin client closed");
            }
            Map<String, KafkaFuture<Void>> ok = new HashMap<>();
            topics.forEach(t -> ok.put(t.name(), KafkaFuture.completedFuture(null)));
            return ok;
        }, 5_000);
        BackendException e = assertThrows(BackendException.class, () -> batcher.create("s-1", 1));
        assertTrue(e.getMessage().contains("stream s-1") && e.getMessage().contains("admin client closed"), e.getMessage());
        assertTrue(batcher.create("s-2", 1));
        assertEquals(List.of(1, 1), calls);
        assertFalse(batcher.waiting() > 0);
    }
}
