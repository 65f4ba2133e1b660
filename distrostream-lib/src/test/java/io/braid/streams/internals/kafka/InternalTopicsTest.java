package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A new embedded broker has the coordinators' internal topics before any group is used. */
class InternalTopicsTest {

    @Test
    void theEmbeddedBrokerStartsWithTheCoordinatorsTopics() throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             Admin admin = Admin.create(KafkaClientProperties.admin(broker.bootstrapServers()))) {
            Set<String> names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                    .get(10, TimeUnit.SECONDS);
            assertTrue(names.containsAll(Set.of("__consumer_offsets", "__share_group_state")), names.toString());
            ConfigResource offsets = new ConfigResource(ConfigResource.Type.TOPIC, "__consumer_offsets");
            ConfigResource state = new ConfigResource(ConfigResource.Type.TOPIC, "__share_group_state");
            Map<ConfigResource, Config> configs = admin.describeConfigs(List.of(offsets, state)).all()
                    .get(10, TimeUnit.SECONDS);
            assertEquals("compact", configs.get(offsets).get("cleanup.policy").value());
            assertEquals("delete", configs.get(state).get("cleanup.policy").value());
            assertEquals(1, admin.describeTopics(List.of("__share_group_state")).allTopicNames()
                    .get(10, TimeUnit.SECONDS).get("__share_group_state").partitions().size());
        }
    }

    /**
     * A broker returned as soon as it accepts clients gets its internal topics in the background:
     * the first future completes once they exist (also in the broker's metadata: a group's
     * coordinator lookup right then does not make the broker try to create them again, which it
     * logged as a WARN), the second once the coordinators loaded them.
     */
    @Test
    void aBrokerAcceptingClientsGetsTheCoordinatorsTopicsInTheBackground() throws Exception {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.startAccepting("127.0.0.1", null);
             Admin admin = Admin.create(KafkaClientProperties.admin(broker.bootstrapServers()))) {
            broker.internalTopics().get(30, TimeUnit.SECONDS);
            try {
                admin.describeConsumerGroups(List.of("right-after")).all().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(e.getCause() instanceof GroupIdNotFoundException, e.getCause().toString());
            }
            Set<String> names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                    .get(10, TimeUnit.SECONDS);
            assertTrue(names.containsAll(Set.of("__consumer_offsets", "__share_group_state")), names.toString());
            broker.coordinatorsReady().get(30, TimeUnit.SECONDS);
            assertTrue(broker.internalTopics().isDone());
        } finally {
            System.setErr(err);
        }
        String log = captured.toString();
        err.print(log);
        assertFalse(log.contains("Auto topic creation failed"), log);
    }

    /**
     * A run that ends right after its broker started: stopped while the coordinators would still
     * load their internal topics, the broker logged ERRORs ("Failed to load metadata ...") in 2 of
     * 5 such runs; start() now returns once both have loaded, and close() waits for that load
     * when the broker was returned as soon as it accepted clients. slf4j-simple writes to
     * System.err at each call, so the broker's log is captured there.
     */
    @Test
    void aBrokerStoppedRightAfterItStartedLogsNoError() throws Exception {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            for (int i = 0; i < 2; i++) {
                EmbeddedKafkaBroker.start("127.0.0.1", null).close();
                EmbeddedKafkaBroker.startAccepting("127.0.0.1", null).close();
            }
        } finally {
            System.setErr(err);
        }
        String log = captured.toString();
        err.print(log);
        assertTrue(!log.contains("ERROR"), log);
    }

    /**
     * The thread a broker returned as soon as it accepts clients makes its internal topics on is
     * the broker's: one, and over once the broker is closed (close waits for it), so a server
     * that closes leaves no thread behind.
     */
    @Test
    void theInternalTopicsThreadOfABrokerEndsWithItsClose() throws Exception {
        EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.startAccepting("127.0.0.1", null);
        List<Thread> threads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("braid-kafka-internal-topics")).toList();
        assertTrue(threads.size() <= 1, threads.toString());
        broker.close();
        assertTrue(broker.coordinatorsReady().isDone(), "close waited for the internal topics");
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(t.isAlive(), "the internal-topics thread ended with the broker");
        }
    }
}
