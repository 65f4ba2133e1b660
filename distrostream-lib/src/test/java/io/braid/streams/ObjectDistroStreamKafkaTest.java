package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.server.KafkaMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object streams end to end: stream server with its embedded broker (started lazily), Kafka backend. */
class ObjectDistroStreamKafkaTest {

    @TempDir
    Path tmp;

    @Test
    void registeringAnObjectStreamStartsTheBrokerAndItsTopicExistsOnceAwaited() throws Exception {
        try (DistroStreamServer server = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.EMBEDDED, tmp.resolve("work"));
             DistroStreamClient c = new DistroStreamClient(server.address(), "app", bootstrap -> {
                 throw new BackendException("unused");
             })) {
            c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, tmp.resolve("files").toString());
            assertFalse(Files.exists(tmp.resolve("work/kafka")), "no broker for file streams");
            String id = c.register(StreamType.OBJECT, "topic-check", ConsumerMode.AT_MOST_ONCE, null).streamId();
            c.awaitObjectStream(id); // the embedded broker's server creates topics in the background
            assertTrue(Files.exists(tmp.resolve("work/kafka")));
            String bootstrap;
            try {
                c.objectBackend();
                throw new AssertionError("factory should have been called");
            } catch (BackendException e) {
                assertEquals("unused", e.getMessage());
            }
            try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                    java.util.Map.of("bootstrap.servers", bootstrap = bootstrapHandedOutBy(server.address())))) {
                assertTrue(admin.listTopics().names().get(30, java.util.concurrent.TimeUnit.SECONDS).contains(io.braid.streams.internals.kafka.KafkaObjectBackend.topicName(id)),
                        "topic " + id + " on " + bootstrap);
                assertEquals(1, admin.describeTopics(List.of(io.braid.streams.internals.kafka.KafkaObjectBackend.topicName(id))).allTopicNames().get(30, java.util.concurrent.TimeUnit.SECONDS)
                        .get(io.braid.streams.internals.kafka.KafkaObjectBackend.topicName(id)).partitions().size());
            }
        }
    }

    /** The Kafka bootstrap address the server at {@code serverAddress} hands out to its clients. */
    static String bootstrapHandedOutBy(String serverAddress) throws Exception {
        return bootstrapHandedOutBy(serverAddress, null);
    }

    /** As {@link #bootstrapHandedOutBy(String)}, proving {@code security}'s secret (null: this process's). */
    static String bootstrapHandedOutBy(String serverAddress, io.braid.comm.auth.ConnectionSecurity security) throws Exception {
        String[] seen = new String[1];
        try (DistroStreamClient probe = new DistroStreamClient(serverAddress, "app", bootstrap -> {
            seen[0] = bootstrap;
            throw new BackendException("probe");
        }, DistroStreamClient.DEFAULT_REQUEST_TIMEOUT_MS, security)) {
            try {
                probe.objectBackend();
            } catch (BackendException expected) {
                // the factory saw the address
            }
        }
        return seen[0];
    }

    @Test
    void embeddedBrokerStartsOnFirstObjectStreamAndCarriesRecords() throws Exception {
        try (DistroStreamServer server = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.EMBEDDED, tmp.resolve("work"))) {
            DistroStreamClient producer = new DistroStreamClient(server.address(), "app", null);
            DistroStreamClient consumer = new DistroStreamClient(server.address(), "app", null);
            try {
                DistroStreamClient.install(producer);
                new FileDistroStream(tmp.resolve("files").toString());
                assertFalse(Files.exists(tmp.resolve("work/kafka")), "no broker for file streams");
                ObjectDistroStream<String> out = new ObjectDistroStream<>("kafka-e2e");
                DistroStreamClient.install(consumer);
                ObjectDistroStream<String> in = ObjectDistroStreamTest.copy(out);
                List<String> got = new ArrayList<>(in.poll());
                DistroStreamClient.install(producer);
                List<String> sent = IntStream.range(0, 50).mapToObj(i -> "v" + i).toList();
                out.publish(sent);
                out.close();
                long deadline = System.currentTimeMillis() + 60_000;
                while (!in.isClosed() && System.currentTimeMillis() < deadline) {
                    got.addAll(in.poll(200));
                }
                got.addAll(in.poll());
                assertEquals(sent.size(), got.size());
                assertEquals(new java.util.TreeSet<>(sent), new java.util.TreeSet<>(got));
            } finally {
                DistroStreamClient.install(null);
                producer.close();
                consumer.close();
            }
        }
    }
}
