package io.braid.streams.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.backend.ObjectBackend;
import io.braid.streams.backend.ObjectDrain;
import io.braid.streams.backend.ObjectPublisher;
import io.braid.streams.backend.ObjectSubscriber;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Object streams on Kafka: one topic per stream id, and one <em>share group</em> (KIP-932) per
 * (application, stream), named {@code braid.<applicationId>.<streamId>}. Every reader of an
 * application is a member of that group, so the broker hands each record to one of them, under
 * an acquisition lock, and the reader acknowledges it:
 * <ul>
 * <li>AT_MOST_ONCE and EXACTLY_ONCE: a poll accepts what it returns and commits the acceptance
 *     synchronously before returning (records whose acceptance the broker refused — lock
 *     expired, so another reader has them — are dropped, never returned twice);</li>
 * <li>AT_LEAST_ONCE: what a poll returns is accepted by the next poll or by close; if the reader
 *     dies first, the lock expires ({@link EmbeddedKafkaBroker#RECORD_LOCK_MS} on the embedded
 *     broker) and the broker gives the records to another reader.</li>
 * </ul>
 * A new group starts from the beginning of the topic ({@code share.auto.offset.reset=earliest},
 * set on the group through the admin client before the first member joins), so a late reader
 * gets whatever no reader of its application has taken.
 *
 * <p><b>How much a fetch acquires</b> ({@link Acquisition}) depends on how many readers the
 * application has on the stream, which the stream server tells each reader
 * ({@link ObjectSubscriber#readersOfApplication}): while several readers share the records, a fetch
 * acquires one record ({@code record_limit}), so a busy reader never sits on records an idle one
 * could process; the application's only reader acquires whole batches ({@code batch_optimized},
 * up to about 2,000 records or 8 MiB per fetch) with one commit per poll. Until told (a
 * subscriber used without a stream server), a reader assumes it shares. The share consumer is replaced when the acquisition
 * changes, at the start of a poll, once everything earlier polls returned is accepted: a share
 * consumer acquires only inside {@code poll} and returns everything it acquired (measured,
 * {@code streambench.ShareConsumerCeiling}), so the one that leaves holds no record and releases
 * none (a release would raise the records' delivery count).
 *
 * <p><b>Measured choice</b> (8 readers of one application, 240 records, 100 ms of work per
 * record, one embedded broker, 2 loaded cores): share group — shares 29..31 records each, no
 * duplicates, join + first record 0.6–1.2 s, publish→poll 6.8 ms median / 32 ms p99; consumer
 * group with 8 partitions and manual commits (classic protocol) — shares 30 each, join 0.14 s,
 * 4.3 ms median / 29 ms p99. The consumer group is only fair when the partitions are spread evenly
 * over the readers (8 partitions: 3 readers get 3/3/2), a reader that stops polling keeps its
 * partitions (and their records) until its session or poll interval expires, and a late reader
 * waits for a rebalance; the share group gives each record to whichever reader asks, so the
 * share group was chosen. See docs/STREAMS.md, "Object streams on Kafka: measured choice".
 *
 * <p>Publishing hands records to the producer without waiting ({@link TopicPublisher}); a failure
 * is reported by the publisher's next publish or flush, and handles flush before their writer is
 * reported closed. One producer per backend (one backend per process), shared by every publisher; one share
 * consumer at a time per subscriber. Operations against an unreachable broker fail with a
 * {@link BackendException} after about {@link #REQUEST_TIMEOUT_MS}.
 */
public final class KafkaObjectBackend implements ObjectBackend {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaObjectBackend.class);

    /** Bound on every blocking call to the broker (metadata, produce, commit, admin). */
    public static final int REQUEST_TIMEOUT_MS = 5_000;
    private static final long REACHABILITY_CHECK_INTERVAL_NS = TimeUnit.SECONDS.toNanos(2);

    private final String bootstrapServers;
    private final KafkaProducer<byte[], byte[]> producer;
    private final Admin admin;
    private final StreamOffsets offsets;
    private final Set<String> configuredGroups = ConcurrentHashMap.newKeySet();
    private volatile long lastReachableNs;

    public KafkaObjectBackend(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        this.producer = new KafkaProducer<>(producerProperties(bootstrapServers), new ByteArraySerializer(),
                new ByteArraySerializer());
        this.admin = Admin.create(adminProperties(bootstrapServers));
        this.offsets = new StreamOffsets(admin, REQUEST_TIMEOUT_MS);
    }

    /** The topic's name for a stream id (ids are server-assigned strings, valid topic characters). */
    public static String topicName(String streamId) {
        return "braid-stream-" + streamId;
    }

    /** The share group of an application's readers of a stream. */
    public static String groupName(String applicationId, String streamId) {
        return "braid." + applicationId + "." + streamId;
    }

    /** Creates the stream's topic if it does not exist yet (called when the stream is registered). */
    public static void createTopic(String bootstrapServers, String streamId, int partitions) throws BackendException {
        try (Admin a = Admin.create(adminProperties(bootstrapServers))) {
            createTopic(a, streamId, partitions);
        }
    }

    /** As {@link #createTopic(String, String, int)}, with this backend's admin client. */
    public void createTopic(String streamId, int partitions) throws BackendException {
        createTopic(admin, streamId, partitions);
    }

    /** Creates the stream's topic with {@code admin}; returns false when it existed already. */
    static boolean createTopic(Admin admin, String streamId, int partitions) throws BackendException {
        try {
            admin.createTopics(List.of(new NewTopic(topicName(streamId), partitions, (short) 1)))
                    .all().get(REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw failure("create the topic of stream " + streamId, e.getCause());
            }
            return false;
        } catch (TimeoutException e) {
            throw failure("create the topic of stream " + streamId, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("create the topic of stream " + streamId, e);
        }
    }

    /** Publishes without waiting for the broker; see {@link TopicPublisher} for when failures are reported. */
    @Override
    public ObjectPublisher publisher(String streamId) {
        return new TopicPublisher(producer, topicName(streamId));
    }

    @Override
    public ObjectSubscriber subscriber(String streamId, String applicationId, ConsumerMode mode)
            throws BackendException {
        String group = groupName(applicationId, streamId);
        if (!configuredGroups.contains(group)) {
            configureGroup(group);
            configuredGroups.add(group);
        }
        return new Subscriber(topicName(streamId), group, mode);
    }

    /**
     * Loads and initialises the Kafka client classes without contacting any broker (a producer and
     * an unsubscribed share consumer are built and closed): a cold JVM pays about a second for
     * them, which a process that will use object streams can pay while the broker is starting.
     */
    public static void preloadClasses() {
        String nowhere = "127.0.0.1:9";
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(producerProperties(nowhere),
                new ByteArraySerializer(), new ByteArraySerializer());
             KafkaShareConsumer<byte[], byte[]> c = new KafkaShareConsumer<>(consumerProperties(nowhere, "braid.preload", Acquisition.SHARED),
                     new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscription();
            p.metrics();
        } catch (KafkaException e) {
            LOG.debug("preloading the Kafka client classes: {}", e.toString());
        }
    }

    /**
     * A rehearsal of a stream's life on the warm-up topic, so that the first real publish and poll
     * find the classes loaded and the connections open: publishes one record, reads it with a
     * reader of a throw-away group (configure, join, fetch, accept, commit), closes the reader and
     * deletes the group. In a worker that had only loaded the classes, a task's first poll waited
     * 0.7-0.9 s for its share consumer to join and fetch; a later consumer of the same JVM about
     * 0.1 s (docs/STREAMS.md, "Start-up of object streams").
     */
    @Override
    public void warmUp() throws BackendException {
        lastReachableNs = 0;
        checkReachable();
        String stream = StreamTopicAdmin.WARM_UP_STREAM;
        createTopic(stream, 1);
        String application = "braid-warm-up-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        try (ObjectSubscriber reader = subscriber(stream, application, ConsumerMode.AT_MOST_ONCE)) {
            reader.readersOfApplication(1);
            ObjectPublisher writer = publisher(stream);
            writer.publish(List.of(new byte[0]));
            writer.flush();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REQUEST_TIMEOUT_MS);
            while (reader.poll(100).isEmpty() && System.nanoTime() < deadline) {
                // joining the group
            }
        }
        try {
            admin.deleteShareGroups(List.of(groupName(application, stream))).all()
                    .get(REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("warm-up group not deleted: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** New groups start from the beginning of the topic: records stay until some reader takes them. */
    private void configureGroup(String group) throws BackendException {
        try {
            admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, group), List.of(
                    new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all().get(REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            lastReachableNs = System.nanoTime();
        } catch (ExecutionException e) {
            throw failure("configure share group " + group, e.getCause());
        } catch (TimeoutException e) {
            throw failure("configure share group " + group, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("configure share group " + group, e);
        }
    }

    /** Throws if the broker has not answered a cheap request within the timeout (checked at most every 2 s). */
    private void checkReachable() throws BackendException {
        if (System.nanoTime() - lastReachableNs < REACHABILITY_CHECK_INTERVAL_NS) {
            return;
        }
        try {
            admin.describeCluster().nodes().get(REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            lastReachableNs = System.nanoTime();
        } catch (ExecutionException e) {
            throw failure("reach the broker", e.getCause());
        } catch (TimeoutException e) {
            throw failure("reach the broker", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("reach the broker", e);
        }
    }

    static BackendException failure(String what, Throwable cause) {
        String reason = cause == null ? "" : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new BackendException("Kafka backend: could not " + what + " (" + reason + ")", cause);
    }

    @Override
    public void close() {
        producer.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
        admin.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
    }

    private final class Subscriber implements ObjectSubscriber {
        private final String topic;
        private final String group;
        private final ConsumerMode mode;
        /** The share consumer of the current acquisition; created by the first poll, replaced when it changes. */
        private KafkaShareConsumer<byte[], byte[]> consumer;
        private volatile Acquisition acquisition;
        /** Readers of the application on the stream, as last told (0: not known). */
        private volatile int readers;
        /** AT_LEAST_ONCE: returned by the last poll, accepted by the next poll or close. */
        private ConsumerRecords<byte[], byte[]> unacknowledged = ConsumerRecords.empty();
        /** Records whose acceptance the broker confirmed. */
        private final AtomicLong accepted = new AtomicLong();
        private boolean closed;

        Subscriber(String topic, String group, ConsumerMode mode) {
            this.topic = topic;
            this.group = group;
            this.mode = mode;
        }

        /**
         * Records the count; when it changes the acquisition of an idle reader, replaces its consumer
         * at once (in the background: the caller may be the client's network thread), so the new
         * one has joined the group by the next poll instead of losing that poll's share.
         */
        @Override
        public void readersOfApplication(int count) {
            readers = count;
            if (acquisition == null || acquisition == Acquisition.forReaders(count)) {
                return;
            }
            Thread t = new Thread(() -> {
                synchronized (this) {
                    if (closed || consumer == null || !unacknowledged.isEmpty()) {
                        return; // the next poll switches
                    }
                    try {
                        useAcquisition(Acquisition.forReaders(readers));
                    } catch (BackendException | KafkaException e) {
                        LOG.debug("reader of {} for {}: switch deferred to the next poll: {}", topic, group,
                                e.toString());
                    }
                }
            }, "braid-reader-switch-" + topic);
            t.setDaemon(true);
            t.start();
        }

        /**
         * Called when everything the consumer returned is accepted: it holds no record then (it
         * acquires only inside poll and returns all it acquired), so it can leave without
         * releasing any, and a consumer with the acquisition the reader count asks for replaces it.
         */
        private void useAcquisition(Acquisition wanted) throws BackendException {
            if (consumer != null && wanted == acquisition) {
                return;
            }
            if (consumer != null) {
                LOG.debug("reader of {} for {}: {} -> {} acquisition ({} readers)", topic, group, acquisition, wanted,
                        readers);
                KafkaShareConsumer<byte[], byte[]> old = consumer;
                consumer = null;
                old.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
            }
            try {
                KafkaShareConsumer<byte[], byte[]> c = new KafkaShareConsumer<>(
                        consumerProperties(bootstrapServers, group, wanted), new ByteArrayDeserializer(),
                        new ByteArrayDeserializer());
                c.subscribe(List.of(topic));
                consumer = c;
                acquisition = wanted;
            } catch (KafkaException e) {
                throw failure("subscribe to " + topic, e);
            }
        }

        @Override
        public synchronized List<byte[]> poll(long timeoutMs) throws BackendException {
            if (closed) {
                throw new BackendException("Kafka backend: subscriber of " + topic + " is closed");
            }
            try {
                acceptUnacknowledged();
                useAcquisition(Acquisition.forReaders(readers));
                ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(Math.max(0, timeoutMs)));
                if (records.isEmpty()) {
                    if (timeoutMs > 0) {
                        checkReachable();
                    }
                    return List.of();
                }
                if (mode == ConsumerMode.AT_LEAST_ONCE) {
                    unacknowledged = records;
                    return values(records, Set.of());
                }
                for (ConsumerRecord<byte[], byte[]> r : records) {
                    consumer.acknowledge(r, AcknowledgeType.ACCEPT);
                }
                List<byte[]> values = values(records, commit());
                accepted.addAndGet(values.size());
                return values;
            } catch (KafkaException e) {
                throw failure("poll " + topic + " for " + group, e);
            }
        }

        /** Commits the acknowledgements; returns the partitions whose acknowledgement failed. */
        private Set<TopicPartition> commit() throws BackendException {
            Map<TopicIdPartition, Optional<KafkaException>> result = consumer.commitSync(
                    Duration.ofMillis(REQUEST_TIMEOUT_MS));
            Set<TopicPartition> failed = new java.util.HashSet<>();
            for (var e : result.entrySet()) {
                if (e.getValue().isPresent()) {
                    KafkaException error = e.getValue().get();
                    if (error instanceof org.apache.kafka.common.errors.TimeoutException) {
                        throw failure("acknowledge records of " + topic, error);
                    }
                    // Lock expired: the broker has given these records to another reader.
                    LOG.warn("acknowledgement of {} for {} refused: {}", e.getKey(), group, error.toString());
                    failed.add(e.getKey().topicPartition());
                }
            }
            return failed;
        }

        private void acceptUnacknowledged() throws BackendException {
            if (unacknowledged.isEmpty()) {
                return;
            }
            for (ConsumerRecord<byte[], byte[]> r : unacknowledged) {
                consumer.acknowledge(r, AcknowledgeType.ACCEPT);
            }
            ConsumerRecords<byte[], byte[]> records = unacknowledged;
            unacknowledged = ConsumerRecords.empty();
            accepted.addAndGet(values(records, commit()).size());
        }

        private List<byte[]> values(ConsumerRecords<byte[], byte[]> records, Set<TopicPartition> dropped) {
            List<byte[]> out = new ArrayList<>(records.count());
            for (ConsumerRecord<byte[], byte[]> r : records) {
                if (dropped.isEmpty() || !dropped.contains(new TopicPartition(r.topic(), r.partition()))) {
                    out.add(r.value());
                }
            }
            return out;
        }

        @Override
        public long acceptedCount() {
            return accepted.get();
        }

        @Override
        public long publishedCount() throws BackendException {
            return offsets.published(topic);
        }

        @Override
        public long drainPatienceMs() {
            return EmbeddedKafkaBroker.RECORD_LOCK_MS + 2_000L;
        }

        /**
         * Without a stream server, what the application's other readers accepted is only known
         * from the share group's start offset, which the broker moves seconds after the
         * acknowledgements: this drain ends when that (or this reader's own count) reaches the
         * number of records published.
         */
        @Override
        public synchronized List<byte[]> drain() throws BackendException {
            long published = publishedCount();
            return ObjectDrain.drain(this, published, mine -> {
                long taken = mine;
                if (mine < published) {
                    taken = Math.max(mine, offsets.takenBy(topic, group));
                    lastReachableNs = System.nanoTime();
                }
                return taken;
            });
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                acceptUnacknowledged();
            } catch (BackendException | KafkaException e) {
                LOG.warn("closing reader of {} for {}: {}", topic, group, e.getMessage());
            }
            try {
                if (consumer != null) {
                    consumer.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
                }
            } catch (KafkaException e) {
                LOG.warn("closing reader of {} for {}: {}", topic, group, e.toString());
            }
        }
    }

    static Properties producerProperties(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        p.put(ProducerConfig.BUFFER_MEMORY_CONFIG, String.valueOf(4L * EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ProducerConfig.SEND_BUFFER_CONFIG, "-1");
        p.put(ProducerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return p;
    }

    static Properties consumerProperties(String bootstrapServers, String group, Acquisition acquisition) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
        p.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, acquisition.acquireMode());
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(acquisition.maxPollRecords()));
        // A fetch always returns at least one batch, so these bound bulk fetches without limiting record size.
        p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(acquisition.fetchBytes()));
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(acquisition.fetchBytes()));
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(ConsumerConfig.SEND_BUFFER_CONFIG, "-1");
        p.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return p;
    }

    static Properties adminProperties(String bootstrapServers) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(REQUEST_TIMEOUT_MS));
        p.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, "20");
        p.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "100");
        return p;
    }
}
