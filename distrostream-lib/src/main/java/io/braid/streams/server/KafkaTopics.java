package io.braid.streams.server;

import io.braid.streams.BackendException;
import io.braid.streams.kafka.EmbeddedKafkaBroker;
import io.braid.streams.kafka.StreamTopicAdmin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;

/** {@link ObjectTopics} on an external cluster or on an embedded broker started on first use. */
final class KafkaTopics implements ObjectTopics {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaTopics.class);
    /**
     * Partitions per stream topic (system property braid.streams.partitions, default 1). Readers
     * share records through a share group: on one partition they take records one by one, so 8
     * busy readers get 11-14 of 100 records each; with 4 or 16 partitions the group's assignment
     * gave one or two readers everything (tests/bench/streams ReadersEfficiency, 2026-11-23).
     */
    static final int PARTITIONS = Integer.getInteger("braid.streams.partitions", 1);

    private final KafkaMode mode;
    private final String host;
    private final Path dataDir;
    private EmbeddedKafkaBroker broker;
    private StreamTopicAdmin admin;
    private boolean closed;

    KafkaTopics(KafkaMode mode, String host, Path dataDir) {
        this.mode = mode;
        this.host = host;
        this.dataDir = dataDir;
    }

    @Override
    public synchronized String bootstrap() throws BackendException {
        if (closed) {
            throw new BackendException("the stream server is closed");
        }
        if (!mode.embedded()) {
            return mode.bootstrap();
        }
        if (broker == null) {
            try {
                broker = EmbeddedKafkaBroker.start(host, dataDir);
            } catch (IOException | RuntimeException e) {
                throw new BackendException("cannot start the embedded Kafka broker on " + host + ": " + e.getMessage(), e);
            }
        }
        return broker.bootstrapServers();
    }

    @Override
    public void createTopic(String streamId) throws BackendException {
        createTopic(streamId, null);
    }

    @Override
    public void createTopic(String streamId, String applicationId) throws BackendException {
        StreamTopicAdmin a = admin();
        try {
            a.createTopic(streamId, PARTITIONS, applicationId);
        } catch (BackendException e) {
            // Name the cluster: with --kafka=host:port a wrong or unreachable address shows up here first.
            String bootstrap = bootstrap();
            throw new BackendException((mode.embedded() ? "embedded Kafka broker at " : "Kafka at ") + bootstrap
                    + (mode.embedded() ? "" : " (the stream server's --kafka address)") + ": " + e.getMessage(), e);
        }
    }

    /** With an embedded broker: a registration need not wait for the broker to start. */
    @Override
    public boolean createsTopicsInBackground() {
        return mode.embedded();
    }

    /** Starts the broker if embedded, then readies the group coordinator ({@link StreamTopicAdmin#warmUp()}). */
    @Override
    public void prepare() throws BackendException {
        admin().warmUp();
    }

    private synchronized StreamTopicAdmin admin() throws BackendException {
        String bootstrap = bootstrap();
        if (admin == null) {
            admin = new StreamTopicAdmin(bootstrap);
        }
        return admin;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (admin != null) {
            admin.close();
            admin = null;
        }
        if (broker != null) {
            LOG.info("stopping the embedded Kafka broker at {}", broker.bootstrapServers());
            broker.close();
            broker = null;
        }
    }
}
