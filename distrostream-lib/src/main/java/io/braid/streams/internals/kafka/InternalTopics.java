package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Creates the group and share coordinators' internal topics of a new embedded broker at once.
 * Left to the broker, they are created on the first share-group request, and the broker's share
 * state persister then retries with a fixed back-off: the first share group took 2.3 s to
 * initialise, 0.1 s with the topics created up front (measured on the embedded broker, 2026-11-23).
 * Settings are the ones the broker gives them itself (one partition each, as configured).
 */
final class InternalTopics {
    private static final Logger LOG = LoggerFactory.getLogger(InternalTopics.class);

    private InternalTopics() {
    }

    /**
     * Waits until the group and share coordinators have loaded their internal topics (the admin
     * client retries while they answer "load in progress"; the share group offsets ask the share
     * coordinator through the group coordinator): a broker stopped while a load runs logs it as an
     * ERROR, which a run that ends right after the broker started showed (2 of 5 immediate
     * start-then-close runs before, 0 of 6 after, same start-up time).
     */
    private static void awaitCoordinators(Admin admin) throws InterruptedException {
        try {
            admin.describeConsumerGroups(List.of("braid.coordinator-ready")).all()
                    .get(KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            admin.listShareGroupOffsets(Map.of("braid.coordinator-ready", new ListShareGroupOffsetsSpec()
                            .topicPartitions(List.of(new TopicPartition("__consumer_offsets", 0)))))
                    .all().get(KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                LOG.debug("coordinators not confirmed ready: {}", e.getCause().toString());
            }
        } catch (TimeoutException e) {
            LOG.debug("coordinators not confirmed ready: {}", e.toString());
        }
    }

    /**
     * Waits until the broker's own metadata has the new topics (a moment after the controller
     * committed them): a group's coordinator lookup answered before that made the broker try to
     * create {@code __consumer_offsets} itself, which it logged as a WARN, and the client retried.
     */
    private static void awaitInBrokerMetadata(Admin admin, List<String> names) throws InterruptedException {
        Throwable failure = AdminRetry.untilDone(() -> admin.describeTopics(names).allTopicNames(),
                e -> e instanceof UnknownTopicOrPartitionException, KafkaObjectBackend.REQUEST_TIMEOUT_MS, 10);
        if (failure != null) {
            LOG.debug("internal topics not seen in the broker's metadata: {}", failure.toString());
        }
    }

    /**
     * Creates both topics, then waits until the coordinators have loaded them; completes
     * {@code created} once the topics exist, also in the broker's metadata (share groups may be
     * used from then on: their requests are retried while a coordinator loads). Best effort: a
     * failure is logged and the broker creates the topics itself when first needed.
     */
    static void create(String bootstrapServers, CompletableFuture<Void> created) {
        List<NewTopic> topics = List.of(
                new NewTopic("__consumer_offsets", 1, (short) 1)
                        .configs(Map.of("cleanup.policy", "compact", "compression.type", "producer")),
                new NewTopic("__share_group_state", 1, (short) 1)
                        .configs(Map.of("cleanup.policy", "delete", "compression.type", "producer",
                                "retention.ms", "-1", "min.insync.replicas", "1")));
        try (Admin admin = Admin.create(KafkaClientProperties.admin(bootstrapServers))) {
            for (var e : admin.createTopics(topics).values().entrySet()) {
                try {
                    e.getValue().get(KafkaObjectBackend.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                } catch (ExecutionException ex) {
                    if (!(ex.getCause() instanceof TopicExistsException)) {
                        LOG.warn("could not create {} ahead of use: {}", e.getKey(), ex.getCause().toString());
                    }
                }
            }
            awaitInBrokerMetadata(admin, topics.stream().map(NewTopic::name).toList());
            created.complete(null);
            awaitCoordinators(admin);
            admin.close(Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        } catch (TimeoutException e) {
            LOG.warn("could not create the internal topics ahead of use: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            created.complete(null);
        }
    }
}
