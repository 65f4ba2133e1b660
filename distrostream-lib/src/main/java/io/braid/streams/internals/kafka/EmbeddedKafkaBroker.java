package io.braid.streams.internals.kafka;

import io.braid.comm.launch.OwnedTempDirs;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * A single-node Kafka (KRaft, broker and controller in one) running inside this JVM, built from
 * the Maven artifacts. Settings follow docs/notes on embedding: replication factor 1 for every
 * internal topic, no initial rebalance delay, share groups enabled with a short acquisition lock
 * (a dead reader's records come back after {@link #RECORD_LOCK_MS}), 64 MiB messages, OS-sized
 * socket buffers. The broker cannot end the host JVM: {@code Exit} procedures only log.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
    /** Temporary data directories: {@code braid-kafka-*}, deleted by the next broker when their process was killed. */
    static final String TEMP_PREFIX = "braid-kafka-";

    /** Share-group acquisition lock: how long a record stays with a reader that does not acknowledge it. */
    public static final int RECORD_LOCK_MS = 5_000;
    /** How often the broker recomputes a share group's assignment (the broker's default is 1 s). */
    static final int SHARE_ASSIGNMENT_INTERVAL_MS = 20;
    /** Largest record value accepted (broker, producer and consumers are set to match). */
    public static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024 + 64 * 1024;

    private static final int NODE_ID = 1;

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    private final Path dataDir;
    private final boolean deleteOnClose;
    private final CompletableFuture<Void> internalTopics = new CompletableFuture<>();
    private final CompletableFuture<Void> coordinatorsReady = new CompletableFuture<>();
    /** When the start began (System.nanoTime), for the log line once the internal topics are made. */
    private final long startedNs;
    private boolean closed;

    private EmbeddedKafkaBroker(KafkaRaftServer server, String bootstrapServers, Path dataDir, boolean deleteOnClose,
            long startedNs) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
        this.dataDir = dataDir;
        this.deleteOnClose = deleteOnClose;
        this.startedNs = startedNs;
    }

    /**
     * Formats {@code dataDir} (a fresh temporary directory, deleted on close, when null) and starts
     * the broker listening on {@code host} on free ports; returns once it accepts clients and its
     * group and share coordinators have loaded their internal topics ({@link #coordinatorsReady()}),
     * which the calling thread creates (no thread of its own).
     */
    public static EmbeddedKafkaBroker start(String host, Path dataDir) throws IOException {
        EmbeddedKafkaBroker broker = launch(host, dataDir, props -> { });
        broker.createInternalTopics();
        return broker;
    }

    /**
     * As {@link #start}, but returns as soon as the broker accepts clients: the coordinators'
     * internal topics are then being created, so other topics can be created meanwhile (each
     * takes some of the controller's commits, a few hundred ms on a loaded machine); share groups
     * wait for {@link #internalTopics()}.
     *
     * <p>The internal topics are made on one short-lived thread of the broker's
     * ({@code braid-kafka-internal-topics}): one per broker, ended within its requests' time-outs
     * (each waits at most {@link KafkaObjectBackend#REQUEST_TIMEOUT_MS}), and waited for by
     * {@link #close()}. Not on the stream server's bounded backend pool: the pool's calls that
     * need the broker ({@code KafkaTopics.bootstrap}, the topic admin) wait for
     * {@link #internalTopics()}, so with every pool thread in such a wait the creation queued
     * behind them would never run.
     */
    public static EmbeddedKafkaBroker startAccepting(String host, Path dataDir) throws IOException {
        return startAccepting(host, dataDir, props -> { });
    }

    /** As {@link #startAccepting(String, Path)}, with the broker's configuration changed by {@code adjust} (tests: a SASL listener). */
    static EmbeddedKafkaBroker startAccepting(String host, Path dataDir, java.util.function.Consumer<Properties> adjust)
            throws IOException {
        EmbeddedKafkaBroker broker = launch(host, dataDir, adjust);
        Thread t = new Thread(broker::createInternalTopics, "braid-kafka-internal-topics");
        t.setDaemon(true);
        t.start();
        return broker;
    }

    /**
     * Creates the coordinators' internal topics and waits until they are loaded
     * ({@link InternalTopics}); completes {@link #internalTopics()} and {@link #coordinatorsReady()}
     * whatever happens (a failure is logged: the broker then makes the topics on first use).
     */
    private void createInternalTopics() {
        try {
            InternalTopics.create(bootstrapServers, internalTopics);
            LOG.info("embedded Kafka broker at {} (data {}) started in {} ms", bootstrapServers, dataDir,
                    (System.nanoTime() - startedNs) / 1_000_000);
        } catch (RuntimeException e) {
            LOG.warn("could not create the internal topics ahead of use: {}", e.toString());
        } finally {
            internalTopics.complete(null);
            coordinatorsReady.complete(null);
        }
    }

    /** Formats and starts the broker; returns once it accepts clients. */
    private static EmbeddedKafkaBroker launch(String host, Path dataDir, java.util.function.Consumer<Properties> adjust)
            throws IOException {
        long t0 = System.nanoTime();
        quietLogging();
        installExitProcedures();
        boolean temp = dataDir == null;
        Path dir = temp ? OwnedTempDirs.create(TEMP_PREFIX) : Files.createDirectories(dataDir);
        try {
            Path logDir = dir.resolve("log");
            Path metaDir = dir.resolve("meta");
            int[] ports = freePorts(host);
            int port = ports[0];
            int controllerPort = ports[1];
            Properties props = brokerProperties(host, port, controllerPort, logDir, metaDir);
            adjust.accept(props);
            KafkaConfig config = new KafkaConfig(props, false);
            if (!Files.exists(metaDir.resolve("meta.properties"))) {
                format(logDir, metaDir);
            }
            KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
            try {
                server.startup();
            } catch (RuntimeException e) {
                shutdownQuietly(server);
                throw new IOException("embedded Kafka broker failed to start on " + host + ": " + e.getMessage(), e);
            }
            String bootstrap = host + ":" + port;
            LOG.info("embedded Kafka broker at {} (data {}) accepts clients after {} ms", bootstrap, dir,
                    (System.nanoTime() - t0) / 1_000_000);
            return new EmbeddedKafkaBroker(server, bootstrap, dir, temp, t0);
        } catch (IOException | RuntimeException e) {
            if (temp) {
                OwnedTempDirs.delete(dir);
            }
            throw e;
        }
    }

    /**
     * Completes once the coordinators' internal topics exist (or could not be made, which is
     * logged): from then on share groups can be initialised, their requests being retried while a
     * coordinator still loads. Before, the broker would create them itself on a group's first
     * request and its share-state persister retry with a fixed back-off of seconds.
     */
    public CompletableFuture<Void> internalTopics() {
        return internalTopics;
    }

    /**
     * Completes once the group and share coordinators have loaded their internal topics (or that
     * could not be confirmed, which is logged: groups then start the slower way).
     */
    public CompletableFuture<Void> coordinatorsReady() {
        return coordinatorsReady;
    }

    /** {@code host:port} of the PLAINTEXT listener, for clients' {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The directory holding the broker's logs and metadata. */
    public Path dataDir() {
        return dataDir;
    }

    /**
     * Stops the broker (waits for it) and deletes its directory if it was a temporary one. A broker
     * stopped while its coordinators load their internal topics logs ERRORs, so the load ends first.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        coordinatorsReady.join(); // bounded: each of InternalTopics' requests has a timeout
        shutdownQuietly(server);
        if (deleteOnClose) {
            OwnedTempDirs.delete(dataDir);
        }
    }

    static Properties brokerProperties(String host, int port, int controllerPort, Path logDir, Path metaDir) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        p.put("controller.quorum.voters", NODE_ID + "@" + host + ":" + controllerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listeners", "PLAINTEXT://" + host + ":" + port + ",CONTROLLER://" + host + ":" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://" + host + ":" + port);
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("metadata.log.dir", metaDir.toString());
        // One node: every internal topic with replication factor 1, else group consumers get nothing.
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("num.partitions", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("share.coordinator.state.topic.num.partitions", "1");
        // Groups: no join delay; share groups on, short locks and sessions so dead readers are noticed.

        p.put("group.initial.rebalance.delay.ms", "0");
        p.put("group.share.min.record.lock.duration.ms", "1000");
        p.put("group.share.record.lock.duration.ms", String.valueOf(RECORD_LOCK_MS));
        p.put("group.share.min.session.timeout.ms", "6000");
        p.put("group.share.session.timeout.ms", "10000");
        p.put("group.share.min.heartbeat.interval.ms", "500");
        p.put("group.share.heartbeat.interval.ms", "500");
        p.put("group.share.initialize.retry.interval.ms", "200");
        // A new reader gets its partitions in the heartbeat answer only if the group's assignment is
        // computed by then: 100 ms left most first polls waiting one more heartbeat (500 ms).
        // New reader's first poll of a waiting record (12 readers, medians): 683 ms with 100,
        // 177 ms with 20; a 100 ms heartbeat with 100 gave 282 ms.
        p.put("group.share.min.assignment.interval.ms", "0");
        p.put("group.share.assignment.interval.ms", String.valueOf(SHARE_ASSIGNMENT_INTERVAL_MS));
        p.put("group.consumer.min.session.timeout.ms", "6000");
        p.put("group.consumer.session.timeout.ms", "10000");
        p.put("group.consumer.min.heartbeat.interval.ms", "500");
        p.put("group.consumer.heartbeat.interval.ms", "1000");
        // Values up to 64 MiB.
        p.put("message.max.bytes", String.valueOf(MAX_MESSAGE_BYTES));
        p.put("replica.fetch.max.bytes", String.valueOf(MAX_MESSAGE_BYTES));
        p.put("socket.request.max.bytes", String.valueOf(2 * MAX_MESSAGE_BYTES));
        // Let the OS size socket buffers (measured: +23% throughput for 1 MiB values).
        p.put("socket.send.buffer.bytes", "-1");
        p.put("socket.receive.buffer.bytes", "-1");
        // The stream server creates every topic itself. With auto-creation on, a producer's metadata
        // request that reached the broker before the new topic's metadata did asked the controller
        // to create it again, which logged "Auto topic creation failed ... TOPIC_ALREADY_EXISTS".
        p.put("auto.create.topics.enable", "false");
        p.put("log.flush.interval.messages", String.valueOf(Long.MAX_VALUE));
        // Start-up (docs/performance/startup.md, "The embedded broker's start"). The log cleaner
        // (it compacts __consumer_offsets) allocates its whole dedupe buffer, 128 MiB by default, on
        // the heap as the broker publishes its first metadata: 1.2 s of a loaded start went there,
        // before the group coordinator started. 2 MiB (the broker wants more than 1 MiB per cleaner
        // thread) indexes ~80,000 keys per cleaning, plenty for one run's groups.
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(2 * 1024 * 1024));
        return p;
    }

    private static void format(Path logDir, Path metaDir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true)) {
            new Formatter()
                    .setPrintStream(print)
                    .setNodeId(NODE_ID)
                    .setClusterId(Uuid.randomUuid().toString())
                    .setControllerListenerName("CONTROLLER")
                    .setMetadataLogDirectory(metaDir.toString())
                    .setDirectories(java.util.List.of(logDir.toString(), metaDir.toString()))
                    .setFeatureLevel("share.version", (short) 1)
                    .run();
        } catch (Exception e) {
            throw new IOException("could not format Kafka storage in " + logDir.getParent() + ": " + e.getMessage()
                    + " " + out, e);
        }
    }

    /**
     * Two free ports on {@code host}, for the client and the controller listeners. Both sockets
     * are open at once, so the two differ: taken one after the other, the system gave the same
     * port twice once, and the broker refused to start.
     */
    static int[] freePorts(String host) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        try (ServerSocket a = new ServerSocket(0, 1, address); ServerSocket b = new ServerSocket(0, 1, address)) {
            a.setReuseAddress(true);
            b.setReuseAddress(true);
            return new int[] {a.getLocalPort(), b.getLocalPort()};
        }
    }

    private static void shutdownQuietly(KafkaRaftServer server) {
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            LOG.warn("embedded Kafka broker shutdown: {}", e.toString());
        }
    }

    /** The broker calls Exit.halt/exit on fatal faults; this JVM hosts other things, so only log. */
    private static void installExitProcedures() {
        Exit.setHaltProcedure((code, message) ->
                LOG.error("embedded Kafka broker asked to halt the JVM (status {}): {}", code, message));
        Exit.setExitProcedure((code, message) ->
                LOG.error("embedded Kafka broker asked to exit the JVM (status {}): {}", code, message));
    }

    /** Kafka logs a lot at INFO; keep it at WARN unless the host configured otherwise (slf4j-simple keys). */
    private static void quietLogging() {
        // The controller warns on every start that its metadata log is empty: always so here, in
        // a fresh directory, so only its errors are kept.
        String[][] levels = {{"kafka", "warn"}, {"org.apache.kafka", "warn"}, {"state.change.logger", "warn"},
            {"org.apache.kafka.controller.QuorumController", "error"}};
        for (String[] level : levels) {
            String key = "org.slf4j.simpleLogger.log." + level[0];
            if (System.getProperty(key) == null) {
                System.setProperty(key, level[1]);
            }
        }
    }

}
