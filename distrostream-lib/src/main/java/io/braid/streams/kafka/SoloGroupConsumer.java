package io.braid.streams.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RebalanceInProgressException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * The consumer of an application's only reader ({@link Acquisition#SOLO}): a classic consumer,
 * the one member of a consumer group of its own ({@link KafkaObjectBackend#soloGroupName}), which
 * accepts records by committing the offset after them. A share consumer reads 24-byte records at
 * about 0.4 of a classic consumer's rate here once both are warm (docs/PERFORMANCE.md, "Warm
 * throughput"). When a second reader of the application opens, the stream server has this one
 * hand over (it commits and leaves) and starts the application's share group at the committed
 * offset; a reader that does not answer is removed from the group, after which its commits fail
 * ({@link #fenced()}) and it hands nothing more over; the server's pushes then make it share
 * (docs/STREAMS.md, "An application's only reader"). A consumer that finds itself removed while
 * it was never asked to hand over (the coordinator timed it out) is replaced by a new member.
 */
final class SoloGroupConsumer implements GroupConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(SoloGroupConsumer.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String group;
    private final LongConsumer accepted;
    /** AT_LEAST_ONCE: the offsets after the records marked accepted, not committed yet. */
    private final Map<TopicPartition, OffsetAndMetadata> marked = new HashMap<>();
    private long markedCount;
    private volatile boolean fenced;

    /** Joins the solo group of {@code group} on {@code topic}; AT_LEAST_ONCE commits are counted by {@code accepted}. */
    SoloGroupConsumer(KafkaObjectBackend backend, String topic, String group, LongConsumer accepted)
            throws BackendException {
        this.group = KafkaObjectBackend.soloGroupName(group);
        this.accepted = accepted;
        try {
            consumer = new KafkaConsumer<>(KafkaObjectBackend.soloConsumerProperties(backend.bootstrapServers(),
                    this.group), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
        try {
            consumer.subscribe(List.of(topic));
        } catch (KafkaException e) {
            consumer.close(Duration.ZERO);
            throw KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
    }

    @Override
    public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        if (!marked.isEmpty()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = Map.copyOf(marked);
            long n = markedCount;
            marked.clear();
            markedCount = 0;
            consumer.commitAsync(offsets, (done, error) -> committed(n, error));
        }
        return consumer.poll(timeout);
    }

    @Override
    public Set<TopicPartition> acceptAndCommit(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        return commit(after(records)) ? Set.of() : records.partitions();
    }

    @Override
    public void acceptWithNextPoll(ConsumerRecords<byte[], byte[]> records) {
        marked.putAll(after(records));
        markedCount += records.count();
    }

    @Override
    public void commitAccepted() throws BackendException {
        if (marked.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = Map.copyOf(marked);
        long n = markedCount;
        marked.clear();
        markedCount = 0;
        if (commit(offsets)) {
            accepted.accept(n);
        }
    }

    /** Rewinds to the records: this consumer fetches them again unless it is replaced first. */
    @Override
    public void release(ConsumerRecords<byte[], byte[]> records) {
        for (TopicPartition p : records.partitions()) {
            consumer.seek(p, records.records(p).get(0).offset());
        }
    }

    @Override
    public boolean fenced() {
        return fenced;
    }

    /** The offsets just after the records, per partition. */
    private static Map<TopicPartition, OffsetAndMetadata> after(ConsumerRecords<byte[], byte[]> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition p : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> rs = records.records(p);
            offsets.put(p, new OffsetAndMetadata(rs.get(rs.size() - 1).offset() + 1));
        }
        return offsets;
    }

    /** Commits and waits; false when this consumer was removed from its group (nothing committed). */
    private boolean commit(Map<TopicPartition, OffsetAndMetadata> offsets) throws BackendException {
        try {
            consumer.commitSync(offsets, Duration.ofMillis(KafkaObjectBackend.REQUEST_TIMEOUT_MS));
            return true;
        } catch (CommitFailedException | RebalanceInProgressException e) {
            fenced(e);
            return false;
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("commit the offset of " + group, e);
        }
    }

    private void committed(long n, Exception error) {
        if (error == null) {
            accepted.accept(n);
        } else if (error instanceof CommitFailedException || error instanceof RebalanceInProgressException) {
            fenced(error);
        } else {
            LOG.warn("commit of {} records for {} failed (they come again): {}", n, group, error.toString());
        }
    }

    private void fenced(Exception e) {
        if (!fenced) {
            LOG.info("reader of {} removed from its group; its uncommitted records are fetched again by whoever"
                    + " reads next ({})", group, e.toString());
        }
        fenced = true;
    }

    @Override
    public void close(Duration timeout) {
        consumer.close(timeout);
    }
}
