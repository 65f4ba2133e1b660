package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import io.braid.streams.internals.kafka.StreamTopicAdmin;
import io.braid.streams.internals.settings.StreamSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;

/** {@link ObjectTopics} on an external cluster or on an embedded broker started on first use. */
final class KafkaTopics implements ObjectTopics {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaTopics.class);

    private final KafkaMode mode;
    private final String host;
    private final Path dataDir;
    /** Partitions per stream topic ({@link StreamSettings#PARTITIONS}, where the default of 1 is explained). */
    private final int partitions;
    private EmbeddedKafkaBroker broker;
    private StreamTopicAdmin admin;
    private boolean closed;

    KafkaTopics(KafkaMode mode, String host, Path dataDir) {
        this.mode = mode;
        this.host = host;
        this.dataDir = dataDir;
        this.partitions = StreamSettings.PARTITIONS.get(); // a bad value fails the server's start, not a stream
    }

    /**
     * The cluster's address; an embedded broker is started first and has the coordinators'
     * internal topics (they may still be loading them: clients' group requests are retried
     * meanwhile). Clients then make their producers and configure their groups while the first
     * stream topics are created: from the broker's start to the last reader's first record,
     * 0.87 s against 1.16 s when they got the address once the coordinators had loaded
     * (medians of 7 alternating runs, docs/STREAMS.md).
     */
    @Override
    public String bootstrap() throws BackendException {
        if (!mode.embedded()) {
            checkOpen();
            return mode.bootstrap();
        }
        EmbeddedKafkaBroker b = startedBroker();
        b.internalTopics().join();
        return b.bootstrapServers();
    }

    /** The embedded broker, started on the first call; it accepts clients, its coordinators may still load. */
    private synchronized EmbeddedKafkaBroker startedBroker() throws BackendException {
        checkOpen();
        if (broker == null) {
            try {
                broker = EmbeddedKafkaBroker.startAccepting(host, dataDir);
            } catch (IOException | RuntimeException e) {
                throw new BackendException("cannot start the embedded Kafka broker on " + host + ": " + e.getMessage(), e);
            }
        }
        return broker;
    }

    private synchronized void checkOpen() throws BackendException {
        if (closed) {
            throw new BackendException("the stream server is closed");
        }
    }

    @Override
    public void createTopic(String streamId) throws BackendException {
        createTopic(streamId, null);
    }

    @Override
    public void createTopic(String streamId, String applicationId) throws BackendException {
        StreamTopicAdmin a = admin();
        try {
            a.createTopic(streamId, partitions, applicationId);
        } catch (BackendException e) {
            // Name the cluster: with --kafka=host:port a wrong or unreachable address shows up here first.
            String bootstrap = bootstrap();
            throw new BackendException((mode.embedded() ? "embedded Kafka broker at " : "Kafka at ") + bootstrap
                    + (mode.embedded() ? "" : " (the stream server's --kafka address)") + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void startSharing(String streamId, String applicationId, boolean fence) throws BackendException {
        admin().startSharing(streamId, applicationId, fence);
    }

    @Override
    public void releaseSolo(String streamId, String applicationId) throws BackendException {
        admin().removeSoloReader(streamId, applicationId);
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

    /**
     * The topic admin. With an embedded broker it is made as soon as the broker accepts clients:
     * the first topics are created while the broker creates the coordinators' internal topics, and
     * their groups are initialised once those exist.
     */
    private synchronized StreamTopicAdmin admin() throws BackendException {
        if (admin == null) {
            if (mode.embedded()) {
                EmbeddedKafkaBroker b = startedBroker();
                admin = new StreamTopicAdmin(b.bootstrapServers(), b.internalTopics());
            } else {
                admin = new StreamTopicAdmin(bootstrap());
            }
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
