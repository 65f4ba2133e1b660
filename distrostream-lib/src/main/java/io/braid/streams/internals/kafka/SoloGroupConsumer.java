package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
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
import java.util.Collection;
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
 * it was never asked to hand over (the coordinator timed it out) is replaced by a new member;
 * whichever member the reader has then starts after the records handed to the application and
 * commits the acceptances the removed one could not ({@link SoloProgress}).
 */
final class SoloGroupConsumer implements GroupConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(SoloGroupConsumer.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final String group;
    private final LongConsumer accepted;
    private final SoloProgress progress;
    /** AT_LEAST_ONCE: a poll's records go to the application as they are (no commit first). */
    private final boolean handsOverOnPoll;
    private volatile boolean fenced;

    /**
     * Joins the solo group of {@code group} on {@code topic}, going on from {@code progress}
     * (the reader's, across its members); commits are counted by {@code accepted}.
     */
    SoloGroupConsumer(KafkaObjectBackend backend, String topic, String group, ConsumerMode mode,
            SoloProgress progress, LongConsumer accepted) throws BackendException {
        this.group = KafkaObjectBackend.soloGroupName(group);
        this.accepted = accepted;
        this.progress = progress;
        this.handsOverOnPoll = mode == ConsumerMode.AT_LEAST_ONCE;
        try {
            consumer = new KafkaConsumer<>(KafkaClientProperties.soloConsumer(backend.bootstrapServers(),
                    this.group), new ByteArrayDeserializer(), new ByteArrayDeserializer());
        } catch (KafkaException e) {
            throw KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
        try {
            consumer.subscribe(List.of(topic), new GoOnFromProgress());
        } catch (KafkaException e) {
            consumer.close(Duration.ZERO);
            throw KafkaObjectBackend.failure("subscribe to " + topic, e);
        }
    }

    /**
     * On every assignment (the first join, or joining again after a removal, which the consumer
     * does by itself inside {@code poll}), starts after what the application already has instead
     * of at the group's commit, which may lack acceptances the removed member could not commit.
     */
    private final class GoOnFromProgress implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            for (TopicPartition p : partitions) {
                Long position = progress.position(p);
                if (position != null) {
                    consumer.seek(p, position);
                }
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // nothing to commit here: acceptances are committed with the polls that follow them
        }
    }

    @Override
    public ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        // Only a member with partitions can commit (else the commit fails and looks like a removal).
        if (progress.hasUnsent() && !consumer.assignment().isEmpty()) {
            SoloProgress.Pending pending = progress.takeUnsent();
            consumer.commitAsync(pending.offsets(), (done, error) -> committed(pending, error));
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(timeout);
        if (handsOverOnPoll) {
            progress.handedOver(records);
        }
        return records;
    }

    @Override
    public Set<TopicPartition> acceptAndCommit(ConsumerRecords<byte[], byte[]> records) throws BackendException {
        if (!commit(SoloProgress.after(records))) {
            return records.partitions();
        }
        progress.handedOver(records);
        return Set.of();
    }

    @Override
    public void acceptWithNextPoll(ConsumerRecords<byte[], byte[]> records) {
        progress.accepted(records);
    }

    /** Commits the acceptances now; if this member was removed, the reader's next member commits them. */
    @Override
    public void commitAccepted() throws BackendException {
        if (!progress.hasUnsent()) {
            return;
        }
        SoloProgress.Pending pending = progress.takeUnsent();
        if (commit(pending.offsets())) {
            accepted.accept(pending.count());
        } else {
            progress.notCommitted(pending);
        }
    }

    @Override
    public boolean hasUnsentAcceptances() {
        return progress.hasUnsent();
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

    /** Asynchronous commit's answer (on the polling thread): counted, or carried by the next commit. */
    private void committed(SoloProgress.Pending pending, Exception error) {
        if (error == null) {
            accepted.accept(pending.count());
            return;
        }
        if (error instanceof CommitFailedException || error instanceof RebalanceInProgressException) {
            fenced(error);
        } else {
            LOG.warn("commit of {} records for {} failed (the next poll commits them again): {}", pending.count(),
                    group, error.toString());
        }
        progress.notCommitted(pending);
    }

    private void fenced(Exception e) {
        if (!fenced) {
            LOG.info("reader of {} removed from its group; what it did not hand over is fetched again by whoever"
                    + " reads next ({})", group, e.toString());
        }
        fenced = true;
    }

    @Override
    public void close(Duration timeout) {
        consumer.close(timeout);
    }
}
