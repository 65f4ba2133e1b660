package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the broker says about a stream's topic, through the admin client: how many records it holds
 * (end offsets; records are never deleted while a stream is in use) and how far a share group's
 * start offset has moved (records below it are acknowledged or archived; the broker moves it
 * seconds after the acknowledgements, so it only serves drains without a stream server).
 */
final class StreamOffsets {

    private final Admin admin;
    private final long timeoutMs;
    /** A topic's partitions never change once created. */
    private final Map<String, List<TopicPartition>> partitions = new ConcurrentHashMap<>();

    StreamOffsets(Admin admin, long timeoutMs) {
        this.admin = admin;
        this.timeoutMs = timeoutMs;
    }

    /** Records published on {@code topic} so far: the sum of its partitions' end offsets. */
    long published(String topic) throws BackendException {
        long total = 0;
        for (long end : ends(topic).values()) {
            total += end;
        }
        return total;
    }

    /**
     * Records of {@code topic} that share group {@code group} no longer offers (acknowledged or
     * archived): the sum of its partitions' start offsets (0 where the broker has no state yet).
     */
    long takenBy(String topic, String group) throws BackendException {
        Map<TopicPartition, Long> ends = ends(topic);
        Map<TopicPartition, SharePartitionOffsetInfo> starts = get(admin.listShareGroupOffsets(
                        Map.of(group, new ListShareGroupOffsetsSpec().topicPartitions(ends.keySet())))
                .partitionsToOffsetInfo(group), "read the progress of share group " + group);
        long taken = 0;
        for (var e : ends.entrySet()) {
            SharePartitionOffsetInfo info = starts.get(e.getKey());
            if (info != null) {
                taken += Math.min(e.getValue(), Math.max(0, info.startOffset()));
            }
        }
        return taken;
    }

    private Map<TopicPartition, Long> ends(String topic) throws BackendException {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (TopicPartition tp : partitions(topic)) {
            latest.put(tp, OffsetSpec.latest());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        get(admin.listOffsets(latest).all(), "read the end offsets of " + topic)
                .forEach((tp, info) -> ends.put(tp, info.offset()));
        return ends;
    }

    private List<TopicPartition> partitions(String topic) throws BackendException {
        List<TopicPartition> known = partitions.get(topic);
        if (known != null) {
            return known;
        }
        var description = get(admin.describeTopics(List.of(topic)).allTopicNames(), "describe " + topic).get(topic);
        List<TopicPartition> tps = description.partitions().stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        partitions.put(topic, tps);
        return tps;
    }

    private <T> T get(KafkaFuture<T> future, String what) throws BackendException {
        return KafkaObjectBackend.await(future, timeoutMs, what);
    }
}
