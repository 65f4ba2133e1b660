package streambench;

import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import io.braid.streams.internals.kafka.KafkaObjectBackend;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The ceiling of share groups, without Braid code: one raw {@link KafkaShareConsumer} reading
 * 24-byte records as fast as it can, for several {@code max.poll.records}, both acquire modes and
 * implicit vs explicit acknowledgement (accept + {@code commitSync} per poll), against the raw
 * classic consumer in the same run (ratio = share / classic). Then whether a share consumer
 * acquires records while its application is not polling: reader A polls once and stops, reader B
 * polls everything else; A's later poll shows what it held meanwhile. Prints
 * {@code RESULT <name> <value> <unit>} lines. Records per variant: {@code -Dn=100000}.
 */
public final class ShareConsumerCeiling {

    public static void main(String[] args) throws Exception {
        int n = Integer.getInteger("n", 100_000);
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            String bs = broker.bootstrapServers();
            KafkaRawVsBackend.raw(bs, "warm", 24, n); // JIT and broker warm-up
            double classic = KafkaRawVsBackend.raw(bs, "classic", 24, n);
            result("classic_24B", classic, "records/s");
            int variant = 0;
            for (int maxPoll : Integer.getInteger("only", 0) > 0 ? new int[] {Integer.getInteger("only")} : new int[] {2, 500, 2000, 5000}) {
                for (String acquire : new String[] {"record_limit", "batch_optimized"}) {
                    for (boolean explicit : new boolean[] {false, true}) {
                        int count = maxPoll == 2 ? Math.min(n, 5_000) : n;
                        String name = "share_" + maxPoll + "_" + acquire + "_" + (explicit ? "explicit" : "implicit");
                        double rate = share(bs, admin, "v" + variant++, count, maxPoll, acquire, explicit);
                        result(name, rate, "records/s");
                        result(name + "_ratio", rate / classic, "x");
                    }
                }
            }
            for (String acquire : new String[] {"record_limit", "batch_optimized"}) {
                for (int maxPoll : new int[] {1, 500}) {
                    prefetch(bs, admin, "prefetch" + maxPoll + acquire, maxPoll, acquire);
                }
            }
        }
    }

    /** Records/s from the first send to the last record acknowledged, one share consumer. */
    static double share(String bs, Admin admin, String stream, int n, int maxPoll, String acquire, boolean explicit)
            throws Exception {
        String topic = createTopic(bs, admin, stream);
        try (KafkaProducer<byte[], byte[]> p = producer(bs);
             KafkaShareConsumer<byte[], byte[]> c = consumer(bs, stream, maxPoll, acquire, explicit)) {
            c.subscribe(List.of(topic));
            c.poll(Duration.ofMillis(200));
            byte[] value = new byte[24];
            long start = System.nanoTime();
            Thread producer = new Thread(() -> {
                for (int i = 0; i < n; i++) {
                    p.send(new ProducerRecord<>(topic, value));
                }
                p.flush();
            });
            producer.start();
            int got = 0;
            while (got < n) {
                ConsumerRecords<byte[], byte[]> rs = c.poll(Duration.ofMillis(500));
                got += rs.count();
                if (explicit && !rs.isEmpty()) {
                    for (ConsumerRecord<byte[], byte[]> r : rs) {
                        c.acknowledge(r, AcknowledgeType.ACCEPT);
                    }
                    c.commitSync(Duration.ofSeconds(5));
                }
            }
            if (!explicit) {
                c.commitSync(Duration.ofSeconds(5));
            }
            producer.join();
            return n / ((System.nanoTime() - start) / 1e9);
        }
    }

    /**
     * 2,000 records published; A polls once (accepts) and then stays idle while B polls until it
     * has nothing more for 3 s; then A polls again. Reports what each got: if A got records in its
     * second poll although B was polling, A held (prefetched) them while idle.
     */
    static void prefetch(String bs, Admin admin, String stream, int maxPoll, String acquire) throws Exception {
        String topic = createTopic(bs, admin, stream);
        int n = 2_000;
        try (KafkaProducer<byte[], byte[]> p = producer(bs);
             KafkaShareConsumer<byte[], byte[]> a = consumer(bs, stream, maxPoll, acquire, true);
             KafkaShareConsumer<byte[], byte[]> b = consumer(bs, stream, maxPoll, acquire, true)) {
            for (int i = 0; i < n; i++) {
                p.send(new ProducerRecord<>(topic, new byte[24]));
            }
            p.flush();
            a.subscribe(List.of(topic));
            b.subscribe(List.of(topic));
            int first = 0;
            while (first == 0) {
                first = acceptAll(a, a.poll(Duration.ofMillis(200)));
            }
            Thread.sleep(500); // A idle: does its client keep fetching?
            int byB = 0;
            long lastGot = System.nanoTime();
            while (System.nanoTime() - lastGot < TimeUnit.SECONDS.toNanos(3)) {
                int got = acceptAll(b, b.poll(Duration.ofMillis(100)));
                if (got > 0) {
                    lastGot = System.nanoTime();
                }
                byB += got;
            }
            int second = acceptAll(a, a.poll(Duration.ZERO));
            result("prefetch_" + acquire + "_" + maxPoll + "_A_first_poll", first, "records");
            result("prefetch_" + acquire + "_" + maxPoll + "_B_while_A_idle", byB, "records");
            result("prefetch_" + acquire + "_" + maxPoll + "_A_after_idle", second, "records");
            result("prefetch_" + acquire + "_" + maxPoll + "_missing", n - first - byB - second, "records");
        }
    }

    static int acceptAll(KafkaShareConsumer<byte[], byte[]> c, ConsumerRecords<byte[], byte[]> rs) {
        for (ConsumerRecord<byte[], byte[]> r : rs) {
            c.acknowledge(r, AcknowledgeType.ACCEPT);
        }
        if (!rs.isEmpty()) {
            c.commitSync(Duration.ofSeconds(5));
        }
        return rs.count();
    }

    static String createTopic(String bs, Admin admin, String stream) throws Exception {
        KafkaObjectBackend.createTopic(bs, stream, 1);
        admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.GROUP, group(stream)), List.of(
                new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                .all().get(5, TimeUnit.SECONDS);
        return KafkaObjectBackend.topicName(stream);
    }

    private static String group(String stream) {
        return "ceiling." + stream;
    }

    static KafkaProducer<byte[], byte[]> producer(String bs) {
        Properties pp = new Properties();
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bs);
        pp.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        pp.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        pp.put(ProducerConfig.BUFFER_MEMORY_CONFIG, String.valueOf(256L << 20));
        return new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer());
    }

    static KafkaShareConsumer<byte[], byte[]> consumer(String bs, String stream, int maxPoll, String acquire,
            boolean explicit) {
        Properties cp = new Properties();
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bs);
        cp.put(ConsumerConfig.GROUP_ID_CONFIG, group(stream));
        cp.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, explicit ? "explicit" : "implicit");
        cp.put(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, acquire);
        cp.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, String.valueOf(maxPoll));
        cp.put(ConsumerConfig.RECEIVE_BUFFER_CONFIG, "-1");
        return new KafkaShareConsumer<>(cp, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static void result(String name, double value, String unit) {
        System.out.printf("RESULT %s %.3f %s%n", name, value, unit);
    }
}
