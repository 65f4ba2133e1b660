package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates stream topics for the stream server, with one admin client for all of them, and gives
 * the creating application's share group its state at once (start offset 0, before any record
 * exists): a reader joining that group then gets records about 0.1 s after subscribing instead of
 * 0.3-3.5 s, the time the broker otherwise takes to initialise a new group's share partitions
 * (measured on the embedded broker, 2026-11-23). Groups of other applications (attaching by alias)
 * start from the beginning of the topic through their {@code share.auto.offset.reset} setting.
 */
public final class StreamTopicAdmin implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamTopicAdmin.class);

    /** The stream id of {@link #warmUp()}'s topic (server-assigned ids never look like it). */
    static final String WARM_UP_STREAM = "warm-up";
    /** Share-group initialisations at once. */
    static final int INIT_THREADS = 2;

    private final Admin admin;
    private final TopicBatcher topics;
    /** Completes once groups can be initialised (the cluster's coordinators have their internal topics). */
    private final CompletableFuture<Void> groupsReady;
    /** Share group -> its initialisation, running in the background after its topic was created. */
    private final Map<String, CompletableFuture<Void>> groupInits = new ConcurrentHashMap<>();
    /**
     * Runs the groups' initialisations (each waits for the coordinators, then retries for up to a
     * second): a few at once, the rest queue; idle threads end.
     */
    private final ThreadPoolExecutor initThreads = new ThreadPoolExecutor(INIT_THREADS, INIT_THREADS, 30,
            TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "braid-share-group-init");
                t.setDaemon(true);
                return t;
            });

    /** An admin for a running cluster. */
    public StreamTopicAdmin(String bootstrapServers) {
        this(bootstrapServers, CompletableFuture.completedFuture(null));
    }

    /**
     * An admin for a broker that may still be creating its coordinators' internal topics
     * ({@link EmbeddedKafkaBroker#internalTopics()}): topics are created at once, groups
     * initialised once {@code groupsReady} completes.
     */
    public StreamTopicAdmin(String bootstrapServers, CompletableFuture<Void> groupsReady) {
        initThreads.allowCoreThreadTimeOut(true);
        this.groupsReady = groupsReady;
        this.admin = Admin.create(KafkaClientProperties.admin(bootstrapServers));
        this.topics = new TopicBatcher(newTopics -> admin.createTopics(newTopics).values(),
                KafkaObjectBackend.REQUEST_TIMEOUT_MS);
    }

    /**
     * Creates the stream's topic (together with those other threads ask for meanwhile,
     * {@link TopicBatcher}); when it is new, initialises {@code applicationId}'s share group on it
     * in the background. The application's first reader reads alone through a group of its own,
     * so the topic is ready without it: on a new embedded broker the initialisation waits for the
     * coordinators' internal topics, and the exchange example's cells published their first
     * values 0.3-0.5 s later when the topic waited for it too. A hand-over to the share group
     * ({@link #startSharing}) waits for it.
     *
     * <p>A new topic is also waited for until the broker leads it ({@link AdminRetry#awaitReady}), so
     * that once this returns, a client asking the broker finds it: before, a listing right after
     * could miss it, a reader's first fetch logged UNKNOWN_TOPIC_OR_PARTITION and retried, and a
     * producer's first batch could fail.
     */
    public void createTopic(String streamId, int partitions, String applicationId) throws BackendException {
        boolean created = topics.create(streamId, partitions);
        if (created) {
            KafkaObjectBackend.awaitReady(admin, KafkaObjectBackend.topicName(streamId), partitions);
        }
        if (created && applicationId != null) {
            String group = KafkaObjectBackend.groupName(applicationId, streamId);
            CompletableFuture<Void> init = new CompletableFuture<>();
            groupInits.put(group, init);
            init.whenComplete((v, e) -> groupInits.remove(group, init)); // done: nothing to wait for any more
            initThreads.execute(() -> {
                try {
                    awaitGroupsReady();
                    initialiseGroup(KafkaObjectBackend.topicName(streamId), partitions, group);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    init.complete(null);
                }
            });
        }
    }

    /** The background initialisation of {@code group} (done if there is none). */
    CompletableFuture<Void> groupInitialisation(String group) {
        return groupInits.getOrDefault(group, CompletableFuture.completedFuture(null));
    }

    /** Waits (bounded) until the background initialisation of {@code group}, if any, is done. */
    private void awaitInitialised(String group) {
        try {
            groupInitialisation(group).get(2L * KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("share group {} not initialised: {}", group, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Creates a topic and initialises a share group on it, outside any stream: on a new broker the
     * first group initialisation takes seconds (the coordinator creates its internal topics), so
     * doing it ahead of time spares the first stream (2.4 s -> 0.08 s for its registration).
     */
    public void warmUp() throws BackendException {
        createTopic(WARM_UP_STREAM, 1, "braid-warm-up");
        awaitInitialised(KafkaObjectBackend.groupName("braid-warm-up", WARM_UP_STREAM));
    }

    /**
     * Starts the application's share group of the stream where its solo reader's group committed
     * ({@code fence}: removes that group's members first, so that their commits fail from then
     * on). With nothing committed the share group stays where it was initialised (the start).
     */
    public void startSharing(String streamId, String applicationId, boolean fence) throws BackendException {
        String shareGroup = KafkaObjectBackend.groupName(applicationId, streamId);
        String soloGroup = KafkaObjectBackend.soloGroupName(shareGroup);
        awaitInitialised(shareGroup); // else its late start at 0 could undo the start set here
        if (fence) {
            removeSoloReader(streamId, applicationId);
        }
        Map<TopicPartition, OffsetAndMetadata> committed = KafkaObjectBackend.await(
                admin.listConsumerGroupOffsets(soloGroup).partitionsToOffsetAndMetadata(),
                "read the offsets of " + soloGroup);
        Map<TopicPartition, Long> start = new HashMap<>();
        committed.forEach((p, o) -> {
            if (o != null) {
                start.put(p, o.offset());
            }
        });
        if (!start.isEmpty()) {
            KafkaObjectBackend.await(admin.alterShareGroupOffsets(shareGroup, start).all(),
                    "start share group " + shareGroup + " at " + start.values());
        }
        LOG.debug("readers of {} share from {}", shareGroup, start);
    }

    /** Removes the members of the application's solo group of the stream (none: nothing to do). */
    public void removeSoloReader(String streamId, String applicationId) throws BackendException {
        String soloGroup = KafkaObjectBackend.soloGroupName(KafkaObjectBackend.groupName(applicationId, streamId));
        try {
            KafkaObjectBackend.await(admin.removeMembersFromConsumerGroup(soloGroup,
                    new RemoveMembersFromConsumerGroupOptions()).all(), "remove the reader of " + soloGroup);
        } catch (BackendException e) {
            if (!(e.getCause() instanceof GroupIdNotFoundException) && !(e.getCause() instanceof IllegalArgumentException)) {
                throw e;
            }
            LOG.debug("no reader to remove from {}: {}", soloGroup, e.getMessage());
        }
    }

    /** Bounded: past the timeout the group is initialised anyway, or starts the slower way if that fails. */
    private void awaitGroupsReady() throws InterruptedException {
        try {
            groupsReady.get(KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("internal topics not confirmed: {}", e.toString());
        }
    }

    /**
     * Best effort: the new topic's metadata reaches the group coordinator a moment after its
     * creation, so this retries for up to a second; if it still fails, the group starts the usual
     * way (slower first poll, same records).
     */
    private void initialiseGroup(String topic, int partitions, String group) throws InterruptedException {
        Map<TopicPartition, Long> start = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            start.put(new TopicPartition(topic, p), 0L);
        }
        Throwable failure = AdminRetry.untilDone(() -> admin.alterShareGroupOffsets(group, start).all(), e -> true,
                1_000, 20);
        if (failure != null) {
            LOG.debug("could not initialise share group {} on {}: {}", group, topic, failure.toString());
        }
    }

    @Override
    public void close() {
        initThreads.shutdownNow();
        admin.close(java.time.Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
    }
}
