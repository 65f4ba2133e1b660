package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectSubscriber;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Kafka cluster whose client listener wants SASL (PLAIN over plaintext, user {@code braid}):
 * object streams work on it once {@code braid.streams.kafka.*} gives the clients its security
 * settings, and not without them.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SaslKafkaClusterTest {
    private static final String PREFIX = "braid.streams.kafka.";
    private static final String LOGIN = "org.apache.kafka.common.security.plain.PlainLoginModule required ";
    private static EmbeddedKafkaBroker broker;

    @BeforeAll
    static void startSaslBroker() throws Exception {
        passSaslSettings("braid-secret"); // the broker's own start creates topics through Braid's admin client
        broker = EmbeddedKafkaBroker.startAccepting("127.0.0.1", null, p -> {
            p.put("listener.security.protocol.map", "PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT");
            p.put("sasl.enabled.mechanisms", "PLAIN");
            p.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
            p.put("listener.name.plaintext.plain.sasl.jaas.config", LOGIN + "username=\"admin\" password=\"admin-secret\" "
                    + "user_admin=\"admin-secret\" user_braid=\"braid-secret\";");
        });
        broker.coordinatorsReady().get(60, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() {
        clearSettings();
        if (broker != null) {
            broker.close();
        }
    }

    @AfterEach
    void clearAfterEach() {
        clearSettings();
    }

    private static void passSaslSettings(String password) {
        System.setProperty(PREFIX + "security.protocol", "SASL_PLAINTEXT");
        System.setProperty(PREFIX + "sasl.mechanism", "PLAIN");
        System.setProperty(PREFIX + "sasl.jaas.config", LOGIN + "username=\"braid\" password=\"" + password + "\";");
    }

    private static void clearSettings() {
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                System.clearProperty(name);
            }
        }
    }

    @Test
    void withTheClusterSettingsAStreamIsWrittenAndRead() throws Exception {
        passSaslSettings("braid-secret");
        try (KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            backend.createTopic("sasl", 1);
            backend.publisher("sasl").publish(List.of("over SASL".getBytes(StandardCharsets.UTF_8)));
            List<String> got = new ArrayList<>();
            try (ObjectSubscriber reader = backend.subscriber("sasl", "sasl-app", ConsumerMode.AT_LEAST_ONCE)) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (got.isEmpty() && System.nanoTime() < deadline) {
                    reader.poll(200).forEach(v -> got.add(new String(v, StandardCharsets.UTF_8)));
                }
            }
            assertEquals(List.of("over SASL"), got);
        }
    }

    @Test
    void withoutThemTheClusterIsNotUsable() throws Exception {
        try (KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            assertThrows(BackendException.class, () -> backend.createTopic("plain", 1));
        }
    }

    @Test
    void aWrongPasswordIsKafkasAuthenticationError() throws Exception {
        passSaslSettings("wrong");
        try (KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            BackendException e = assertThrows(BackendException.class, () -> backend.createTopic("denied", 1));
            assertTrue(e.getMessage().contains("Authentication failed"), e.getMessage());
        }
    }
}
