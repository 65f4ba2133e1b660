package io.braid.streams.internals.kafka;

import io.braid.streams.internals.settings.StreamSettings;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.Properties;

/**
 * The settings of every Kafka client the backend makes (producer, share and solo consumers,
 * admin): Braid's timeouts ({@link KafkaObjectBackend#REQUEST_TIMEOUT_MS},
 * {@link KafkaObjectBackend#DELIVERY_TIMEOUT_MS}) instead of Kafka's defaults of a minute or more,
 * fetch sizes per {@link Acquisition}, OS-sized socket buffers, no metrics reporting, and the
 * user's {@code braid.streams.kafka.*} pass-through last. One place, so that every client gets
 * the same and a test can check them.
 */
final class KafkaClientProperties {

    private KafkaClientProperties() {
    }

    static Properties producer(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        p.put(ProducerConfig.BUFFER_MEMORY_CONFIG, String.valueOf(4L * EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.DELIVERY_TIMEOUT_MS));
        p.put(ProducerConfig.SEND_BUFFER_CONFIG, "-1");
        p.put(ProducerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return withClientSettings(withoutMetricsReporting(p));
    }

    static Properties shareConsumer(String bootstrapServers, String group, Acquisition acquisition) {
        Properties p = groupConsumer(bootstrapServers, group, acquisition);
        p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
        p.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, acquisition.acquireMode());
        return withClientSettings(p);
    }

    /** What share and classic consumers have in common: the group, the poll and fetch sizes, timeouts, buffers. */
    private static Properties groupConsumer(String bootstrapServers, String group, Acquisition acquisition) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(acquisition.maxPollRecords()));
        // A fetch always returns at least one batch, so these bound bulk fetches without limiting record size.
        p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(acquisition.fetchBytes()));
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(acquisition.fetchBytes()));
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(ConsumerConfig.SEND_BUFFER_CONFIG, "-1");
        p.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return withoutMetricsReporting(p);
    }

    /** The classic consumer of a solo reader: manual commits, from the first record, whole fetches per poll. */
    static Properties soloConsumer(String bootstrapServers, String group) {
        Properties p = groupConsumer(bootstrapServers, group, Acquisition.SOLO);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A lost reader's client is removed by the stream server; without one, its successor waits this long.
        p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        return withClientSettings(p);
    }

    static Properties admin(String bootstrapServers) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        p.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, "20");
        p.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "100");
        return withClientSettings(withoutMetricsReporting(p));
    }

    /**
     * The user's {@code braid.streams.kafka.*} settings ({@link StreamSettings#KAFKA}) over
     * Braid's: what an external cluster needs of its clients (SASL, TLS). Last, so that they win.
     */
    private static Properties withClientSettings(Properties p) {
        p.putAll(StreamSettings.KAFKA.values());
        return p;
    }

    /**
     * What every client of the backend leaves out: JMX beans for its metrics (nothing here reads
     * them; registering and unregistering them is part of each client's start and close), and
     * pushing metrics to the broker (the embedded broker has no receiver for them; the client
     * would ask it for a subscription first). Measured in docs/PERFORMANCE.md, "Less start-up
     * work, and the local workers at nice 10".
     */
    private static Properties withoutMetricsReporting(Properties p) {
        p.put(CommonClientConfigs.METRIC_REPORTER_CLASSES_CONFIG, "");
        p.put(CommonClientConfigs.ENABLE_METRICS_PUSH_CONFIG, "false");
        return p;
    }
}
