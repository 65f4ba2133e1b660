package io.braid.streams.internals.kafka;

import io.braid.comm.settings.SettingException;
import io.braid.streams.BackendException;
import io.braid.streams.internals.client.ObjectBackendFactory;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code braid.streams.kafka.*} pass-through: every Kafka client the backend makes takes
 * those settings (what an external cluster with SASL or TLS needs), Kafka checks their values,
 * and keys Braid decides itself are refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KafkaClientSettingsTest {

    @RegisterExtension
    static final TestBroker KAFKA = new TestBroker();

    private static final String PREFIX = "braid.streams.kafka.";

    @AfterEach
    void clearProperties() {
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                System.clearProperty(name);
            }
        }
    }

    /** The broker itself sees the passed client id: a consumer's group membership names it. */
    @Test
    void aPassedClientIdReachesTheBroker() throws Exception {
        System.setProperty(PREFIX + "client.id", "braid-pass-through");
        KAFKA.backend().createTopic("passed", 1);
        String group = "passed-group";
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                KafkaClientProperties.soloConsumer(KAFKA.bootstrapServers(), group),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
             Admin admin = Admin.create(KafkaClientProperties.admin(KAFKA.bootstrapServers()))) {
            consumer.subscribe(List.of(KafkaObjectBackend.topicName("passed")));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (consumer.assignment().isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(100));
            }
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            assertEquals(Set.of("braid-pass-through"),
                    d.members().stream().map(MemberDescription::clientId).collect(java.util.stream.Collectors.toSet()));
            assertEquals("braid-pass-through", clientId(admin.metrics()), "the admin client");
        }
    }

    /** Producer, share consumer and admin of the backend each get the settings. */
    @Test
    void everyKindOfClientTakesThem() {
        System.setProperty(PREFIX + "client.id", "braid-each");
        String nowhere = "127.0.0.1:9";
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(KafkaClientProperties.producer(nowhere),
                new ByteArraySerializer(), new ByteArraySerializer());
             KafkaShareConsumer<byte[], byte[]> c = new KafkaShareConsumer<>(
                     KafkaClientProperties.shareConsumer(nowhere, "g", Acquisition.SHARED),
                     new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            assertEquals("braid-each", clientId(p.metrics()), "the producer");
            assertEquals("braid-each", clientId(c.metrics()), "the share consumer");
        }
        assertEquals("braid-each", KafkaClientProperties.admin(nowhere).get("client.id"));
    }

    /** A value Kafka does not accept fails the backend's creation with Kafka's own message, naming the key. */
    @Test
    void aBadValueIsKafkasErrorNamingTheKey() {
        System.setProperty(PREFIX + "request.timeout.ms", "soon");
        BackendException e = assertThrows(BackendException.class,
                () -> ObjectBackendFactory.KAFKA.create(KAFKA.bootstrapServers()));
        assertTrue(e.getMessage().contains("Invalid value soon for configuration request.timeout.ms"), e.getMessage());
    }

    @Test
    void keysBraidSetsItselfAreRefused() {
        System.setProperty(PREFIX + "bootstrap.servers", "elsewhere:9092");
        SettingException e = assertThrows(SettingException.class,
                () -> KafkaClientProperties.producer(KAFKA.bootstrapServers()));
        assertEquals("-Dbraid.streams.kafka.bootstrap.servers=elsewhere:9092: expected no value: Braid sets "
                + "bootstrap.servers itself", e.getMessage());
    }

    private static String clientId(Map<MetricName, ? extends Metric> metrics) {
        return metrics.keySet().stream().map(m -> m.tags().get("client-id")).filter(java.util.Objects::nonNull)
                .findFirst().orElse(null);
    }
}
