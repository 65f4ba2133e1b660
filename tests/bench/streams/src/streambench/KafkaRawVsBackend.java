package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.backend.Sharing;
import io.braid.streams.internals.kafka.Acquisition;
import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import io.braid.streams.internals.kafka.KafkaObjectBackend;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Raw kafka-clients vs KafkaObjectBackend on one embedded broker: producer→consumer throughput
 * (24 B and 1 MiB values), publish→poll latency (raw producer → classic consumer; the backend with
 * an AT_MOST_ONCE and an AT_LEAST_ONCE reader), broker start-up and first publish. The backend's
 * reader is told it is its application's only reader, as the stream server tells a handle's
 * reader that reads alone (a classic consumer of its own group, {@code Acquisition.SOLO}). Prints
 * {@code RESULT <name> <value> <unit>} lines.
 *
 * <p>Throughput is measured in rounds on the same broker: round 0 in the fresh JVM (raw first, so
 * the backend runs on code the raw round warmed: {@code _cold} figures), then {@code -Drounds=5}
 * rounds with raw and backend taking turns to go first. {@code ratio_24B} and {@code ratio_1MiB}
 * are the medians of those rounds' ratios, each taken inside its round; {@code ratio_24B_to_raw_share}
 * compares the backend with a raw share consumer acquiring as its lone reader does, measured
 * after them in each round. Each 24-byte measurement moves {@code -Dsmall=2000000} records (about
 * 1.5-2 s): with 300,000 (0.2-0.4 s) one GC pause of up to 0.1 s decided a round, and rounds of
 * one run spread from 0.15 to 1.3 of raw.
 */
public final class KafkaRawVsBackend {

    /** Readers the backend's reader is told its application has ({@code -Dbench.readers}, default 1: alone). */
    static final int READERS = Integer.getInteger("bench.readers", 1);

    public static void main(String[] args) throws Exception {
        long jvmStartMs = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        long t0 = System.nanoTime();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers());
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            result("broker_startup", ms(t0), "ms");
            String bs = broker.bootstrapServers();
            long t1 = System.nanoTime();
            backend.createTopic("cold", 1);
            backend.publisher("cold").publish(List.of(new byte[24]));
            result("first_publish_after_start", ms(t1), "ms");
            result("jvm_start_to_first_publish", System.currentTimeMillis() - jvmStartMs, "ms");

            int small = Integer.getInteger("small", 2_000_000);
            int large = Integer.getInteger("large", 300);
            int rounds = Integer.getInteger("rounds", 5);
            double[] ratio24 = new double[rounds];
            double[] ratio24Share = new double[rounds];
            double[] ratio1m = new double[rounds];
            for (int r = 0; r <= rounds; r++) {
                int round = r;
                boolean rawFirst = round % 2 == 0;
                String suffix = round == 0 ? "_cold" : "_round" + round;
                double[] small24 = pair(rawFirst, () -> raw(bs, "raw24r" + round, 24, small),
                        () -> viaBackend(backend, "be24r" + round, 24, small));
                double share24 = rawShare(bs, admin, "sh24r" + round, small);
                double[] large1m = pair(rawFirst, () -> raw(bs, "raw1mr" + round, 1 << 20, large),
                        () -> viaBackend(backend, "be1mr" + round, 1 << 20, large));
                result("raw_24B" + suffix, small24[0], "records/s");
                result("backend_24B" + suffix, small24[1], "records/s");
                result("raw_1MiB" + suffix, large1m[0] / 1e6 * (1 << 20), "MB/s");
                result("backend_1MiB" + suffix, large1m[1] / 1e6 * (1 << 20), "MB/s");
                result("raw_share_24B" + suffix, share24, "records/s");
                result("ratio_24B" + suffix, small24[1] / small24[0], "x");
                result("ratio_24B_to_raw_share" + suffix, small24[1] / share24, "x");
                result("ratio_1MiB" + suffix, large1m[1] / large1m[0], "x");
                if (round > 0) {
                    ratio24[round - 1] = small24[1] / small24[0];
                    ratio24Share[round - 1] = small24[1] / share24;
                    ratio1m[round - 1] = large1m[1] / large1m[0];
                }
            }
            if (rounds > 0) {
                result("ratio_24B", median(ratio24), "x");
                result("ratio_24B_to_raw_share", median(ratio24Share), "x");
                result("ratio_1MiB", median(ratio1m), "x");
            }
            double rawMedian = rawLatency(bs);
            double backendMedian = latency(backend, ConsumerMode.AT_MOST_ONCE, "lat", "backend_latency");
            result("latency_median_ratio_to_raw", backendMedian / rawMedian, "x");
            double atLeastOnce = latency(backend, ConsumerMode.AT_LEAST_ONCE, "lat-alo", "backend_latency_at_least_once");
            result("latency_at_least_once_median_ratio_to_raw", atLeastOnce / rawMedian, "x");
        }
    }

    /**
     * Publish→poll latency of raw kafka-clients on the same broker (the floor Kafka itself sets on
     * this machine): a producer with linger 0 and a classic consumer polling one partition,
     * {@code latencySamples} records one at a time. Returns the median (ms).
     */
    static double rawLatency(String bs) throws Exception {
        KafkaObjectBackend.createTopic(bs, "rawlat", 1);
        String t = KafkaObjectBackend.topicName("rawlat");
        try (KafkaProducer<byte[], byte[]> p = rawProducer(bs); KafkaConsumer<byte[], byte[]> c = rawConsumer(bs, "raw-latency")) {
            c.subscribe(List.of(t));
            p.send(new ProducerRecord<>(t, new byte[24]));
            while (c.poll(Duration.ofMillis(500)).isEmpty()) {
                // join
            }
            int n = Integer.getInteger("latencySamples", 1000);
            long[] lat = new long[n];
            for (int i = 0; i < n; i++) {
                long s = System.nanoTime();
                p.send(new ProducerRecord<>(t, new byte[24]));
                while (c.poll(Duration.ofMillis(1000)).isEmpty()) {
                    // wait
                }
                lat[i] = System.nanoTime() - s;
            }
            Arrays.sort(lat);
            result("raw_latency_median", lat[n / 2] / 1e6, "ms");
            result("raw_latency_p99", lat[n * 99 / 100] / 1e6, "ms");
            return lat[n / 2] / 1e6;
        }
    }

    /**
     * The raw producer of both measurements: linger 0, large batches and requests (1 MiB values),
     * OS-sized socket buffers, as the backend's publisher.
     */
    private static KafkaProducer<byte[], byte[]> rawProducer(String bs) {
        Properties pp = new Properties();
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bs);
        pp.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        pp.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        pp.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, String.valueOf(EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        pp.put(ProducerConfig.BUFFER_MEMORY_CONFIG, String.valueOf(256L << 20));
        pp.put(ProducerConfig.SEND_BUFFER_CONFIG, "-1");
        return new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** The raw classic consumer of both measurements, in its own group, from the earliest record. */
    private static KafkaConsumer<byte[], byte[]> rawConsumer(String bs, String group) {
        Properties cp = new Properties();
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bs);
        cp.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        cp.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, String.valueOf(2 * EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        cp.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(EmbeddedKafkaBroker.MAX_MESSAGE_BYTES));
        cp.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return new KafkaConsumer<>(cp, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** Records/s from the first send to the last record consumed, classic consumer, one partition. */
    static double raw(String bs, String topic, int size, int n) throws Exception {
        KafkaObjectBackend.createTopic(bs, topic, 1);
        String t = KafkaObjectBackend.topicName(topic);
        byte[] value = new byte[size];
        try (KafkaProducer<byte[], byte[]> p = rawProducer(bs); KafkaConsumer<byte[], byte[]> c = rawConsumer(bs, "raw-" + topic)) {
            c.subscribe(List.of(t));
            c.poll(Duration.ofMillis(200));
            long start = System.nanoTime();
            Thread producer = new Thread(() -> {
                for (int i = 0; i < n; i++) {
                    p.send(new ProducerRecord<>(t, value));
                }
                p.flush();
            });
            producer.start();
            int got = 0;
            while (got < n) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                    got++;
                }
            }
            producer.join();
            return n / ((System.nanoTime() - start) / 1e9);
        }
    }

    /** The same through the backend: lists of 1000 (24 B) or 4 (1 MiB) values, one AT_MOST_ONCE reader. */
    static double viaBackend(KafkaObjectBackend backend, String stream, int size, int n) throws Exception {
        backend.createTopic(stream, 1);
        ObjectPublisher pub = backend.publisher(stream);
        int batch = size < 1024 ? 1000 : 4;
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < batch; i++) {
            values.add(new byte[size]);
        }
        try (ObjectSubscriber sub = backend.subscriber(stream, "bench", ConsumerMode.AT_MOST_ONCE)) {
            sub.readersOfApplication(READERS, READERS == 1 ? Sharing.SOLO : Sharing.SHARED); // as the stream server tells the only reader of an application
            pub.publish(values.subList(0, 1)); // the clock starts once the reader has joined its share group
            while (sub.poll(500).isEmpty()) {
                // join
            }
            long start = System.nanoTime();
            long[] publishedAt = new long[1];
            Thread producer = new Thread(() -> {
                try {
                    for (int i = 0; i < n; i += batch) {
                        pub.publish(values.subList(0, Math.min(batch, n - i)));
                    }
                    pub.flush();
                    publishedAt[0] = System.nanoTime();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            producer.start();
            int got = 0;
            while (got < n) {
                got += sub.poll(500).size();
            }
            producer.join();
            double rate = n / ((System.nanoTime() - start) / 1e9);
            result("backend_publish_only_" + stream, n / ((publishedAt[0] - start) / 1e9), "records/s");
            return rate;
        }
    }

    /**
     * Publish→poll latency through the backend, a reader alone on its own stream {@code stream}
     * (AT_MOST_ONCE: the poll commits before it returns; AT_LEAST_ONCE: the next poll's fetch
     * carries the acceptance); prints {@code <name>_median} and {@code _p99}, returns the median (ms).
     */
    static double latency(KafkaObjectBackend backend, ConsumerMode mode, String stream, String name) throws Exception {
        backend.createTopic(stream, 1);
        ObjectPublisher pub = backend.publisher(stream);
        try (ObjectSubscriber sub = backend.subscriber(stream, "bench", mode)) {
            sub.readersOfApplication(READERS, READERS == 1 ? Sharing.SOLO : Sharing.SHARED);
            pub.publish(List.of(new byte[24]));
            while (sub.poll(500).isEmpty()) {
                // join
            }
            int n = Integer.getInteger("latencySamples", 1000);
            long[] lat = new long[n];
            for (int i = 0; i < n; i++) {
                long s = System.nanoTime();
                pub.publish(List.of(new byte[24]));
                while (sub.poll(1000).isEmpty()) {
                    // wait
                }
                lat[i] = System.nanoTime() - s;
            }
            Arrays.sort(lat);
            result(name + "_median", lat[n / 2] / 1e6, "ms");
            result(name + "_p99", lat[n * 99 / 100] / 1e6, "ms");
            return lat[n / 2] / 1e6;
        }
    }

    /**
     * The raw share consumer the backend's lone reader is built on, with the same acquisition
     * (whole batches, {@code Acquisition.BULK_RECORDS} per poll, accept + commit per poll): its
     * records/s, to tell the backend's own cost from the share group's.
     */
    private static double rawShare(String bs, Admin admin, String stream, int n) throws Exception {
        return ShareConsumerCeiling.share(bs, admin, stream, n, Acquisition.BULK_RECORDS,
                Acquisition.BULK.acquireMode(), true);
    }

    /** A measurement that may throw. */
    interface Rate {
        double measure() throws Exception;
    }

    /** {raw, backend}, run in the order given. */
    private static double[] pair(boolean rawFirst, Rate raw, Rate backend) throws Exception {
        if (rawFirst) {
            double r = raw.measure();
            return new double[] {r, backend.measure()};
        }
        double b = backend.measure();
        return new double[] {raw.measure(), b};
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    static void result(String name, double value, String unit) {
        System.out.printf("RESULT %s %.3f %s%n", name, value, unit);
    }
}
