package streambench;

import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Where the publish→poll latency of a share-group reader goes, raw kafka-clients only (no Braid
 * code), one record at a time on one embedded broker: the producer's send until the broker
 * acknowledged it, the share consumer's poll returning the record (from the send), and the
 * accept + {@code commitSync} an AT_MOST_ONCE reader does before handing the record over. For
 * both acquire modes, {@code max.poll.records=1}. Prints {@code RESULT <name> <value> ms} lines
 * (medians and p99). Samples: {@code -Dsamples=500}.
 */
public final class ShareLatencyParts {

    public static void main(String[] args) throws Exception {
        int n = Integer.getInteger("samples", 500);
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
             KafkaProducer<byte[], byte[]> producer = ShareConsumerCeiling.producer(broker.bootstrapServers())) {
            for (String mode : new String[] {"record_limit", "batch_optimized"}) {
                parts(broker.bootstrapServers(), admin, producer, mode, n);
            }
        }
    }

    static void parts(String bs, Admin admin, KafkaProducer<byte[], byte[]> producer, String mode, int n) throws Exception {
        String stream = "parts-" + mode;
        String t = ShareConsumerCeiling.createTopic(bs, admin, stream);
        try (KafkaShareConsumer<byte[], byte[]> c = ShareConsumerCeiling.consumer(bs, stream, 1, mode, true)) {
            c.subscribe(List.of(t));
            producer.send(new ProducerRecord<>(t, new byte[24])).get();
            ShareConsumerCeiling.acceptAll(c, untilRecords(c)); // joined
            long[] sent = new long[n];
            long[] polled = new long[n];
            long[] committed = new long[n];
            long[] total = new long[n];
            for (int i = 0; i < n; i++) {
                long s = System.nanoTime();
                producer.send(new ProducerRecord<>(t, new byte[24])).get();
                sent[i] = System.nanoTime() - s;
                ConsumerRecords<byte[], byte[]> r = untilRecords(c);
                polled[i] = System.nanoTime() - s;
                long a = System.nanoTime();
                ShareConsumerCeiling.acceptAll(c, r);
                committed[i] = System.nanoTime() - a;
                total[i] = System.nanoTime() - s;
            }
            print(mode + "_send_acked", sent);
            print(mode + "_poll_returned", polled);
            print(mode + "_accept_commit", committed);
            print(mode + "_total", total);
        }
    }

    static ConsumerRecords<byte[], byte[]> untilRecords(KafkaShareConsumer<byte[], byte[]> c) {
        while (true) {
            ConsumerRecords<byte[], byte[]> r = c.poll(Duration.ofMillis(1000));
            if (!r.isEmpty()) {
                return r;
            }
        }
    }

    static void print(String name, long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        System.out.printf(java.util.Locale.ROOT, "RESULT share_latency_%s_median %.3f ms%n", name, s[s.length / 2] / 1e6);
        System.out.printf(java.util.Locale.ROOT, "RESULT share_latency_%s_p99 %.3f ms%n", name, s[s.length * 99 / 100] / 1e6);
    }
}
