package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Records given back for one group: a reader gives back what it accepted ahead by publishing
 * copies marked with the application's group ({@link #ONLY_FOR_GROUP_HEADER}); the readers of
 * other applications on the stream skip them (they had the originals). What a fetch gives a
 * reader is therefore its own values plus a count of skipped copies, both accepted.
 */
final class GroupCopies {
    /** Header of a given-back copy: the only share group whose readers take it. */
    static final String ONLY_FOR_GROUP_HEADER = "braid.only-for-group";

    private GroupCopies() {
    }

    /** What a reader got from a fetch: its values, and how many copies given back for another group it skipped. */
    record Taken(List<byte[]> mine, int skipped) {
        /** Records whose acceptance the broker confirmed: this reader's and the skipped copies. */
        int accepted() {
            return mine.size() + skipped;
        }
    }

    /** The values of {@code records} for a reader of {@code group}, leaving out the partitions in {@code dropped}. */
    static Taken take(ConsumerRecords<byte[], byte[]> records, String group, Set<TopicPartition> dropped) {
        List<byte[]> out = new ArrayList<>(records.count());
        int skipped = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (!dropped.isEmpty() && dropped.contains(new TopicPartition(r.topic(), r.partition()))) {
                continue;
            }
            Header only = r.headers().lastHeader(ONLY_FOR_GROUP_HEADER);
            if (only != null && !group.equals(new String(only.value(), StandardCharsets.UTF_8))) {
                skipped++;
            } else {
                out.add(r.value());
            }
        }
        return new Taken(out, skipped);
    }
}
