package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How far an application's only reader has got on each partition, kept by the reader across the
 * classic consumers it makes ({@link SoloGroupConsumer}), so that a member that joins its solo
 * group again (the coordinator or the stream server removed the previous one) neither fetches
 * again what the application already has nor loses the acceptances the removed member could not
 * commit. Without it, an AT_LEAST_ONCE reader removed between handing records over and the commit
 * that its next poll sends got those records a second time from the group's older commit, though
 * its application had accepted them (test
 * {@code KafkaObjectBackendTest.aSoloReaderTimedOutOfItsGroupJoinsAgainAndLosesNothing}).
 * Used by the one thread that uses the reader's consumer.
 */
final class SoloProgress {

    /** Offset after the last record handed to the application, per partition. */
    private final Map<TopicPartition, Long> handedOver = new HashMap<>();
    /** Offsets after the records accepted and not committed yet, per partition. */
    private final Map<TopicPartition, OffsetAndMetadata> unsent = new HashMap<>();
    private long unsentCount;

    /** Acceptances taken for one commit: the offsets and how many records they accept. */
    record Pending(Map<TopicPartition, OffsetAndMetadata> offsets, long count) {
        boolean isEmpty() {
            return offsets.isEmpty();
        }
    }

    /** The records are the application's now (a member joining later starts after them). */
    void handedOver(ConsumerRecords<byte[], byte[]> records) {
        after(records).forEach((p, o) -> handedOver.merge(p, o.offset(), Math::max));
    }

    /** Where a member that is given {@code partition} goes on from (null: from the group's commit). */
    Long position(TopicPartition partition) {
        return handedOver.get(partition);
    }

    /** Marks the records accepted; {@link #takeUnsent()} hands the acceptance to a commit. */
    void accepted(ConsumerRecords<byte[], byte[]> records) {
        merge(after(records), records.count());
    }

    boolean hasUnsent() {
        return !unsent.isEmpty();
    }

    /** The acceptances not committed yet, now the caller's to commit (or to give back with {@link #notCommitted}). */
    Pending takeUnsent() {
        Pending p = new Pending(Map.copyOf(unsent), unsentCount);
        unsent.clear();
        unsentCount = 0;
        return p;
    }

    /** A commit of {@code pending} failed: the next commit (of this member or the next) carries it. */
    void notCommitted(Pending pending) {
        merge(pending.offsets(), pending.count());
    }

    private void merge(Map<TopicPartition, OffsetAndMetadata> offsets, long count) {
        offsets.forEach((p, o) -> unsent.merge(p, o, (a, b) -> a.offset() >= b.offset() ? a : b));
        unsentCount += count;
    }

    /** The offsets just after the records, per partition. */
    static Map<TopicPartition, OffsetAndMetadata> after(ConsumerRecords<byte[], byte[]> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition p : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> rs = records.records(p);
            offsets.put(p, new OffsetAndMetadata(rs.get(rs.size() - 1).offset() + 1));
        }
        return offsets;
    }
}
