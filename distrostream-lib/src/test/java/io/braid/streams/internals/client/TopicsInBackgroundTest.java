package io.braid.streams.internals.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.AwaitObjectStream;
import io.braid.streams.internals.protocol.StreamInfo;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A server whose topics are created in the background (an embedded broker that may still be
 * starting): registering an object stream does not wait for its topic, the stream's first
 * publisher and reader in each process do, and a topic that cannot be made fails them with the
 * reason, naming the stream.
 */
class TopicsInBackgroundTest {

    @Test
    void aRegistrationDoesNotWaitForTheTopicButTheFirstPublisherAndReaderDo() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            s.topics.background = true;
            CountDownLatch gate = new CountDownLatch(1);
            s.topics.gate = gate;
            DistroStreamClient process = s.install("app");
            ObjectDistroStream<String> stream = new ObjectDistroStream<>();
            assertTrue(s.topics.created.isEmpty(), "registered while its topic is still being made");
            CompletableFuture<Void> publish = CompletableFuture.runAsync(() -> {
                try {
                    stream.publish("x");
                } catch (BackendException e) {
                    throw new IllegalStateException(e);
                }
            });
            CompletableFuture<List<String>> poll = CompletableFuture.supplyAsync(() -> {
                try {
                    return stream.poll(10_000);
                } catch (BackendException e) {
                    throw new IllegalStateException(e);
                }
            });
            // Both have asked the server for the topic (its creation is held at the gate) and wait.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (process.pendingRequests(AwaitObjectStream.class) < 2) {
                assertTrue(System.nanoTime() < deadline, "the publisher and the reader ask for the topic");
                Thread.sleep(5); // polling a condition, with a deadline
            }
            assertFalse(publish.isDone(), "the publisher waits for the topic");
            assertFalse(poll.isDone(), "the reader waits for the topic");
            gate.countDown();
            publish.get(5, TimeUnit.SECONDS);
            assertEquals(List.of("x"), poll.get(5, TimeUnit.SECONDS));
            assertEquals(List.of(stream.getId()), s.topics.created);
            ObjectDistroStream<String> second = new ObjectDistroStream<>();
            second.publish("y");
            assertEquals(List.of("y"), second.poll(5_000), "a topic made at once is no different");
        }
    }

    @Test
    void aTopicThatCannotBeMadeFailsTheFirstPublishAndPollNamingTheStream() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            s.topics.background = true;
            s.topics.failure = "embedded Kafka broker at 127.0.0.1:1: did not start";
            s.install("app");
            ObjectDistroStream<String> stream = new ObjectDistroStream<>();
            BackendException p = assertThrows(BackendException.class, () -> stream.publish("x"));
            assertTrue(p.getMessage().contains(stream.getId()) && p.getMessage().contains("did not start"), p.getMessage());
            BackendException r = assertThrows(BackendException.class, () -> stream.poll(1_000));
            assertTrue(r.getMessage().contains(stream.getId()) && r.getMessage().contains("did not start"), r.getMessage());
        }
    }

    @Test
    void streamsWaitingForTheirTopicsSpareTheWarmUpsOfTheServerAndOfTheirProcess() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            s.topics.background = true;
            DistroStreamClient c = s.client("app");
            StreamInfo info = c.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null);
            s.server.prepareObjectStreams().get(10, TimeUnit.SECONDS);
            assertEquals(1, s.topics.prepared.getCount(), "the server left its warm-up to the stream's topic");
            c.awaitObjectStream(info.streamId());
            c.prepareObjectBackend();
            assertFalse(((InMemoryObjectBackend) c.objectBackend()).warmedUp,
                    "the process left its warm-up to its stream's first publish and poll");
        }
    }
}
