package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.kafka.EmbeddedKafkaBroker;
import io.braid.streams.internals.kafka.KafkaObjectBackend;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Publish→poll latency as a task sees it: a reader waits in {@code poll} on a thread of its own
 * while a writer publishes one 24-byte record every {@code gap} ms (the exchange example's
 * cells get one record per iteration). Unlike {@link KafkaRawVsBackend}'s latency, which runs
 * after its throughput runs, this starts in a fresh JVM, so the first gap listed is measured with
 * cold code (interpreted Kafka client and broker paths), as in a worker's first iterations.
 *
 * <p>Usage: {@code CadenceLatency <samples> <gap ms>...}; for each gap, an AT_MOST_ONCE then an
 * AT_LEAST_ONCE reader, each alone on a stream of its own. Prints
 * {@code RESULT cadence_<i>_<gap>ms_<mode>_median|_p99 <ms> ms}, {@code i} the gap's position.
 */
public final class CadenceLatency {

    public static void main(String[] args) throws Exception {
        int samples = Integer.parseInt(args[0]);
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
             KafkaObjectBackend backend = new KafkaObjectBackend(broker.bootstrapServers())) {
            for (int i = 1; i < args.length; i++) {
                int gap = Integer.parseInt(args[i]);
                for (ConsumerMode mode : List.of(ConsumerMode.AT_MOST_ONCE, ConsumerMode.AT_LEAST_ONCE)) {
                    String name = "cadence_" + i + "_" + gap + "ms_" + mode.name().toLowerCase();
                    long[] ns = measure(backend, name, mode, gap, samples);
                    KafkaRawVsBackend.result(name + "_median", ns[samples / 2] / 1e6, "ms");
                    KafkaRawVsBackend.result(name + "_p99", ns[samples * 99 / 100] / 1e6, "ms");
                }
            }
        }
    }

    /** Sorted latencies, ns: from just before each publish to the reader's poll returning it. */
    static long[] measure(KafkaObjectBackend backend, String stream, ConsumerMode mode, int gapMs, int samples)
            throws Exception {
        backend.createTopic(stream, 1);
        ObjectPublisher pub = backend.publisher(stream);
        try (ObjectSubscriber sub = backend.subscriber(stream, "bench", mode)) {
            sub.readersOfApplication(1, io.braid.streams.internals.backend.Sharing.SOLO); // alone, as the stream server tells a lone reader
            pub.publish(List.of(new byte[24]));
            while (sub.poll(500).isEmpty()) {
                // joined once the first record is back
            }
            AtomicLongArray sentAt = new AtomicLongArray(samples);
            long[] latency = new long[samples];
            Semaphore received = new Semaphore(0);
            Thread reader = new Thread(() -> read(sub, sentAt, latency, received), "cadence-reader");
            reader.start();
            for (int i = 0; i < samples; i++) {
                Thread.sleep(gapMs);
                sentAt.set(i, System.nanoTime());
                pub.publish(List.of(new byte[24]));
                if (!received.tryAcquire(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException(stream + ": record " + i + " not received within 10 s");
                }
            }
            reader.join();
            Arrays.sort(latency);
            return latency;
        }
    }

    private static void read(ObjectSubscriber sub, AtomicLongArray sentAt, long[] latency, Semaphore received) {
        try {
            for (int i = 0; i < latency.length; i++) {
                while (sub.poll(5_000).isEmpty()) {
                    // waiting for the next record
                }
                latency[i] = System.nanoTime() - sentAt.get(i);
                received.release();
            }
        } catch (Exception e) {
            throw new IllegalStateException("reader failed", e);
        }
    }
}
