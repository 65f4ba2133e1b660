package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A share consumer of the application's share group: the broker hands each record to one member
 * under an acquisition lock, and the member acknowledges it record by record (explicit mode).
 * How much a fetch acquires is the {@link Acquisition}'s.
 */
final class ShareGroupConsumer implements GroupConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ShareGroupConsumer.class);

    private final KafkaShareConsumer<byte[], byte[]> consumer;
    private final String group;
    private final ConsumerMode mode;

    /**
     * Joins {@code group} on {@code topic} once the group is configured; AT_LEAST_ONCE
     * acceptances that the broker confirms are counted by {@code accepted}.
     */
    ShareGroupConsumer(KafkaObjectBackend backend, String topic, String group, ConsumerMode mode,
            Acquisition acquisition, LongConsumer accepted) throws BackendException {
        this.group = group;
        this.mode = mode;
        try {
            consumer = new KafkaShareConsumer<>(KafkaClientProperties.shareConsumer(backend.bootstrapServers(), group,
                    acquisition), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
        try {
            backend.awaitGroupConfigured(group); // sent when the reader was made; done at once after the first time
            if (mode == ConsumerMode.AT_LEAST_ONCE) {
                consumer.setAcknowledgementCommitCallback((offsets, error) -> acceptancesDone(offsets, error, accepted));
            }
            consumer.subscribe(List.of(topic));
        } catch (BackendException | KafkaException e) {
            consumer.close(Duration.ZERO);
            throw e instanceof BackendException b ? b : KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
    }

    @Override
    public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        return consumer.poll(timeout);
    }

    @Override
    public Set<TopicPartition> acceptAndCommit(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        acknowledge(records, AcknowledgeType.ACCEPT);
        return commit();
    }

    @Override
    public void acceptWithNextPoll(ConsumerRecords<byte[], byte[]> records) {
        acknowledge(records, AcknowledgeType.ACCEPT);
    }

    @Override
    public void commitAccepted() throws BackendException {
        commit();
    }

    @Override
    public void release(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        acknowledge(records, AcknowledgeType.RELEASE);
        commit();
    }

    private void acknowledge(ConsumerRecords<byte[], byte[]> records, AcknowledgeType type) {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            consumer.acknowledge(r, type);
        }
    }

    /** Commits the acknowledgements; returns the partitions whose acknowledgement failed. */
    private Set<TopicPartition> commit() throws BackendException {
        Map<TopicIdPartition, Optional<KafkaException>> result = consumer.commitSync(
                Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
        Set<TopicPartition> failed = new HashSet<>();
        for (var e : result.entrySet()) {
            if (e.getValue().isPresent()) {
                KafkaException error = e.getValue().get();
                if (error instanceof org.apache.kafka.common.errors.TimeoutException) {
                    throw KafkaObjectBackend.failure("acknowledge records of " + e.getKey().topic(), error);
                }
                // Lock expired: the broker has given these records to another reader. An
                // AT_LEAST_ONCE consumer's acknowledgement callback says so already.
                if (mode != ConsumerMode.AT_LEAST_ONCE) {
                    LOG.warn("acknowledgement of {} for {} refused: {}", e.getKey(), group, error.toString());
                }
                failed.add(e.getKey().topicPartition());
            }
        }
        return failed;
    }

    /**
     * AT_LEAST_ONCE acknowledgement callback (on the thread that polls or commits): counts the
     * records whose acceptance the broker confirmed; refused ones (lock expired) are another
     * reader's now.
     */
    private void acceptancesDone(Map<TopicIdPartition, Set<Long>> offsets, Exception error, LongConsumer accepted) {
        int n = offsets.values().stream().mapToInt(Set::size).sum();
        if (error == null) {
            accepted.accept(n);
        } else {
            LOG.warn("acceptance of {} records for {} refused: {}", n, group, error.toString());
        }
    }

    @Override
    public void close(Duration timeout) {
        consumer.close(timeout);
    }
}
