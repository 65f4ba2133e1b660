package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ClientScheduler;
import io.braid.streams.internals.backend.ObjectBackend;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.backend.Sharing;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Object streams on Kafka: one topic per stream id, and one <em>share group</em> (KIP-932) per
 * (application, stream), named {@code braid.<applicationId>.<streamId>}. Every reader of an
 * application is a member of that group, so the broker hands each record to one of them, under
 * an acquisition lock, and the reader acknowledges it:
 * <ul>
 * <li>AT_MOST_ONCE and EXACTLY_ONCE: a record is returned only once its acceptance is committed
 *     (by the poll, or ahead of it while the application works: {@link GroupSubscriber}); records
 *     whose acceptance the broker refused (lock expired, so another reader has them) are dropped,
 *     never returned twice;</li>
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
 * <p><b>An application's only reader</b> reads with a classic consumer of a consumer group of its
 * own ({@link #soloGroupName}, {@link SoloGroupConsumer}) until a second reader of the application
 * opens; the stream server then has it hand over and starts the share group at its commits
 * (docs/STREAMS.md, "An application's only reader"). Warm, a share consumer reads 24-byte records
 * at about 0.4 of a classic consumer's rate here.
 *
 * <p>A reader ({@link GroupSubscriber}) of AT_MOST_ONCE or EXACTLY_ONCE fetches its next records
 * while the application works on the ones it returned, and accepts them when asked for them.
 *
 * <p>Publishing hands records to the producer without waiting ({@link TopicPublisher}); a failure
 * is reported by the publisher's next publish or flush, and handles flush before their writer is
 * reported closed. One producer per backend (one backend per process), shared by every publisher; one
 * consumer at a time per subscriber. Operations against an unreachable broker fail with a
 * {@link BackendException} after about {@link #REQUEST_TIMEOUT_MS}; a publish, after
 * {@link #DELIVERY_TIMEOUT_MS}.
 */
public final class KafkaObjectBackend implements ObjectBackend {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaObjectBackend.class);

    /** Bound on every blocking call to the broker (metadata, produce, commit, admin). */
    public static final int REQUEST_TIMEOUT_MS = 5_000;
    /**
     * How long the producer keeps retrying a record. Two request time-outs: a produce request that
     * timed out on a loaded machine is sent again. Were it the request time-out, a
     * record whose first request was slow would expire while later ones of its partition were in
     * flight, and the broker would then refuse those (OutOfOrderSequenceException), failing the
     * publishing task for a moment's slowness (seen across namespace hosts on 2 busy cores). Not
     * longer: a broker that is gone is reported by a flush only after it.
     */
    public static final int DELIVERY_TIMEOUT_MS = 10_000;
    private static final long REACHABILITY_CHECK_INTERVAL_NS = TimeUnit.SECONDS.toNanos(2);

    private final String bootstrapServers;
    private final KafkaProducer<byte[], byte[]> producer;
    private final Admin admin;
    private final StreamOffsets offsets;
    /** Each share group's configuration request ({@link #groupConfiguration}): sent once, again after a failure. */
    private final Map<String, KafkaFuture<Void>> groupConfigurations = new ConcurrentHashMap<>();
    private volatile long lastReachableNs;
    /**
     * The process's scheduler, for the backend's short background work. Not the readers': each
     * reader is a loop that blocks on its consumer, on a thread of its own ({@link GroupSubscriber}),
     * which a bounded shared pool could not hold for every reader of a process.
     */
    private final ClientScheduler scheduler;
    /** Whether this backend made {@link #scheduler} (and closes it). */
    private final boolean ownScheduler;

    /** A backend with a scheduler of its own (a program that uses the backend without a stream client). */
    public KafkaObjectBackend(String bootstrapServers) {
        this(bootstrapServers, null);
    }

    /** A backend whose background work runs on {@code scheduler} (null: one of its own), the process's client's. */
    public KafkaObjectBackend(String bootstrapServers, ClientScheduler scheduler) {
        this.ownScheduler = scheduler == null;
        this.scheduler = scheduler != null ? scheduler : new ClientScheduler("braid-kafka-backend");
        this.bootstrapServers = bootstrapServers;
        this.producer = new KafkaProducer<>(KafkaClientProperties.producer(bootstrapServers), new ByteArraySerializer(),
                new ByteArraySerializer());
        this.admin = Admin.create(KafkaClientProperties.admin(bootstrapServers));
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

    /**
     * The consumer group of an application's only reader of a stream ({@link SoloGroupConsumer}),
     * given its share group: group ids are one namespace, so it cannot have the same name.
     */
    public static String soloGroupName(String shareGroup) {
        return shareGroup + ".solo";
    }

    /** Creates the stream's topic if it does not exist yet (called when the stream is registered). */
    public static void createTopic(String bootstrapServers, String streamId, int partitions) throws BackendException {
        try (Admin a = Admin.create(KafkaClientProperties.admin(bootstrapServers))) {
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
            await(admin.createTopics(List.of(new NewTopic(topicName(streamId), partitions, (short) 1))).all(),
                    "create the topic of stream " + streamId);
        } catch (BackendException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
            return false;
        }
        awaitReady(admin, topicName(streamId), partitions);
        return true;
    }

    /**
     * Waits (bounded, best effort: a producer would still retry) until a topic just created is
     * ready for a producer ({@link AdminRetry#awaitReady}); every path that creates a stream topic
     * calls it.
     */
    static void awaitReady(Admin admin, String topic, int partitions) {
        try {
            Throwable failure = AdminRetry.awaitReady(admin, topic, partitions, REQUEST_TIMEOUT_MS);
            if (failure != null) {
                LOG.debug("topic {} not ready for producers yet: {}", topic, failure.toString());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The result of a request to the broker, waited for at most {@link #REQUEST_TIMEOUT_MS}; a
     * failure, the timeout or an interruption becomes a {@link BackendException} saying what could
     * not be done, with the request's own error as its cause.
     */
    static <T> T await(Future<T> request, String what) throws BackendException {
        return await(request, REQUEST_TIMEOUT_MS, what);
    }

    /** As {@link #await(Future, String)}, waiting at most {@code timeoutMs}. */
    static <T> T await(Future<T> request, long timeoutMs, String what) throws BackendException {
        try {
            return request.get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw failure(what, e.getCause());
        } catch (TimeoutException e) {
            throw failure(what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure(what, e);
        }
    }

    /** Publishes without waiting for the broker; see {@link TopicPublisher} for when failures are reported. */
    @Override
    public ObjectPublisher publisher(String streamId) {
        return new TopicPublisher(producer, topicName(streamId), bootstrapServers);
    }

    @Override
    public ObjectSubscriber subscriber(String streamId, String applicationId, ConsumerMode mode)
            throws BackendException {
        String group = groupName(applicationId, streamId);
        groupConfiguration(group); // sent now; the reader's consumer joins once it is done
        return new GroupSubscriber(this, topicName(streamId), group, mode);
    }

    /**
     * Loads and initialises the Kafka client classes without contacting any broker (a producer and
     * an unsubscribed share consumer are built and closed): a cold JVM pays about a second for
     * them, which a process that will use object streams can pay while the broker is starting.
     */
    public static void preloadClasses() {
        String nowhere = "127.0.0.1:9";
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(KafkaClientProperties.producer(nowhere),
                new ByteArraySerializer(), new ByteArraySerializer());
             KafkaShareConsumer<byte[], byte[]> c = new KafkaShareConsumer<>(
                     KafkaClientProperties.shareConsumer(nowhere, "braid.preload", Acquisition.SHARED),
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
     * solo reader of a throw-away group (join, fetch, commit), closes the reader and deletes the
     * group. In a worker that had only loaded the classes, a task's first poll waited
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
            reader.readersOfApplication(1, Sharing.SOLO); // as a task's reader that reads alone: a classic consumer
            ObjectPublisher writer = publisher(stream);
            writer.publish(List.of(new byte[0]));
            writer.flush();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REQUEST_TIMEOUT_MS);
            while (reader.poll(100).isEmpty() && System.nanoTime() < deadline) {
                // joining the group
            }
        }
        try {
            await(admin.deleteConsumerGroups(List.of(soloGroupName(groupName(application, stream)))).all(),
                    "delete the warm-up group");
        } catch (BackendException e) {
            LOG.debug("warm-up group not deleted: {}", e.getMessage());
        }
    }

    /**
     * Waits until {@code group} is configured (sending the request if that was not done or
     * failed): a reader's consumer joins its group only then.
     */
    void awaitGroupConfigured(String group) throws BackendException {
        await(groupConfiguration(group), "configure share group " + group + " at " + bootstrapServers);
        markReachable();
    }

    /**
     * New groups start from the beginning of the topic: records stay until some reader takes
     * them. The request is sent when the reader is made, and waited for just before its consumer
     * joins: it overlaps the wait for the topic and the consumer's construction (a commit of the
     * controller, 0.2-0.4 s when the readers of a new run send theirs together).
     */
    private KafkaFuture<Void> groupConfiguration(String group) {
        return groupConfigurations.compute(group, (g, sent) -> sent != null && !sent.isCompletedExceptionally()
                ? sent
                : admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, g), List.of(
                        new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"),
                                AlterConfigOp.OpType.SET)))).all());
    }

    /**
     * Publishes {@code values} on {@code topic} for the readers of {@code group} only (readers of
     * other groups accept and skip them) and waits until the broker has them.
     */
    void publishForGroup(String topic, String group, List<byte[]> values) throws BackendException {
        List<Header> only = List.of(new RecordHeader(GroupCopies.ONLY_FOR_GROUP_HEADER,
                group.getBytes(StandardCharsets.UTF_8)));
        List<Future<RecordMetadata>> sends = new ArrayList<>(values.size());
        try {
            for (byte[] v : values) {
                sends.add(producer.send(new ProducerRecord<byte[], byte[]>(topic, null, null, v, only)));
            }
        } catch (KafkaException e) {
            throw failure("publish to " + topic, e);
        }
        for (Future<RecordMetadata> f : sends) {
            await(f, "publish to " + topic);
        }
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    StreamOffsets offsets() {
        return offsets;
    }

    /** A request to the broker has just succeeded: the next reachability check can wait. */
    void markReachable() {
        lastReachableNs = System.nanoTime();
    }

    /** Throws if the broker has not answered a cheap request within the timeout (checked at most every 2 s). */
    void checkReachable() throws BackendException {
        if (System.nanoTime() - lastReachableNs < REACHABILITY_CHECK_INTERVAL_NS) {
            return;
        }
        await(admin.describeCluster().nodes(), "reach the broker");
        markReachable();
    }

    static BackendException failure(String what, Throwable cause) {
        String reason = cause == null ? "" : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new BackendException("Kafka backend: could not " + what + " (" + reason + ")", cause);
    }

    @Override
    public void close() {
        if (ownScheduler) {
            scheduler.close();
        }
        producer.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
        admin.close(Duration.ofMillis(REQUEST_TIMEOUT_MS));
    }
}
