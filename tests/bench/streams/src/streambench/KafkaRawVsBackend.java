package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.backend.ObjectPublisher;
import io.braid.streams.backend.ObjectSubscriber;
import io.braid.streams.kafka.EmbeddedKafkaBroker;
import io.braid.streams.kafka.KafkaObjectBackend;
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
import java.util.Properties;

/**
 * Raw kafka-clients vs KafkaObjectBackend on one embedded broker: producer→consumer throughput
 * (24 B and 1 MiB values), publish→poll latency (raw producer → classic consumer; the backend with
 * an AT_MOST_ONCE and an AT_LEAST_ONCE reader), broker start-up and first publish. The backend's
 * reader is told it is its application's only reader, as the stream server tells a handle's
 * reader that reads alone (bulk acquisition, see {@code io.braid.streams.kafka.Acquisition}). Prints
 * {@code RESULT <name> <value> <unit>} lines.
 */
public final class KafkaRawVsBackend {

    /** Readers the backend's reader is told its application has ({@code -Dbench.readers}, default 1: alone). */
    static final int READERS = Integer.getInteger("bench.readers", 1);

    public static void main(String[] args) throws Exception {
        long jvmStartMs = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        long t0 = System.nanoTime();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            result("broker_startup", ms(t0), "ms");
            String bs = broker.bootstrapServers();
            long t1 = System.nanoTime();
            backend.createTopic("cold", 1);
            backend.publisher("cold").publish(List.of(new byte[24]));
            result("first_publish_after_start", ms(t1), "ms");
            result("jvm_start_to_first_publish", System.currentTimeMillis() - jvmStartMs, "ms");

            int small = Integer.getInteger("small", 300_000);
            int large = Integer.getInteger("large", 300);
            double raw24 = raw(bs, "raw24", 24, small);
            double raw1m = raw(bs, "raw1m", 1 << 20, large);
            result("raw_24B", raw24, "records/s");
            result("raw_1MiB", raw1m / 1e6 * (1 << 20), "MB/s");
            double be24 = viaBackend(backend, "be24", 24, Integer.getInteger("backendSmall", small));
            double be1m = viaBackend(backend, "be1m", 1 << 20, large);
            result("backend_24B", be24, "records/s");
            result("backend_1MiB", be1m / 1e6 * (1 << 20), "MB/s");
            result("ratio_24B", be24 / raw24, "x");
            result("ratio_1MiB", be1m / raw1m, "x");
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
            sub.readersOfApplication(READERS); // as the stream server tells the only reader of an application
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
            sub.readersOfApplication(READERS);
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

    static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    static void result(String name, double value, String unit) {
        System.out.printf("RESULT %s %.3f %s%n", name, value, unit);
    }
}
