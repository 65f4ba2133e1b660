package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.server.DistroStreamServer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * From a stream's close to its readers' last poll returning: R readers (own handle each, attached
 * by alias, as tasks would) poll until the stream is closed, then poll once more ("poll until
 * closed, then poll once more"). The writer publishes {@value #ELEMENTS} elements, waits until
 * the readers have taken them all, then closes. Per stream, the figure is the slowest reader's
 * time from the close call to its last poll returning; the median over {@code -Dstreams=N}
 * streams (default 20) is printed as {@code RESULT drain_after_close_median_r<R> <v> ms}. It
 * includes the readers' poll(50) in progress when the close comes; {@code
 * drain_last_poll_median_r<R>} is the last poll alone (from a reader seeing {@code isClosed()} to
 * its last poll returning, slowest reader). After the measure the readers close, as tasks that
 * end. One process (one stream client), one embedded stream server and Kafka broker;
 * {@code -DslowMs=N} prints the per-reader times of streams slower than N ms (default 500).
 */
public final class DrainAfterClose {
    static final int ELEMENTS = 20;

    public static void main(String[] args) throws Exception {
        ConsumerMode mode = args.length > 0 ? ConsumerMode.valueOf(args[0]) : ConsumerMode.AT_MOST_ONCE;
        int[] readers = args.length > 1 ? Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 4};
        int streams = Integer.getInteger("streams", 20);
        try (DistroStreamServer server = DistroStreamServer.builder().host("127.0.0.1").start()) {
            System.setProperty("braid.streams.server", server.address());
            run(1, mode); // warm-up: broker, topic creation, first group
            for (int r : readers) {
                double[] ms = new double[streams];
                double[] lastPoll = new double[streams];
                for (int i = 0; i < streams; i++) {
                    double[] t = run(r, mode);
                    ms[i] = t[0];
                    lastPoll[i] = t[1];
                }
                double[] sorted = ms.clone();
                Arrays.sort(sorted);
                Arrays.sort(lastPoll);
                System.out.printf(Locale.ROOT, "RESULT drain_after_close_median_r%d %.1f ms%n", r, sorted[streams / 2]);
                System.out.printf(Locale.ROOT, "RESULT drain_last_poll_median_r%d %.1f ms%n", r, lastPoll[streams / 2]);
                System.out.printf(Locale.ROOT, "# r=%d %s: close -> last poll (max over readers) ms, min %.1f max %.1f all %s%n",
                        r, mode, sorted[0], sorted[streams - 1], Arrays.toString(round(ms)));
            }
            // Readers leave before the broker stops: else it logs an ERROR per share partition they held.
            DistroStreamClient.closeProcessClient();
        }
        System.exit(0);
    }

    /** One stream: the slowest reader's close -> last-poll time and its seen-closed -> last-poll time, in ms. */
    static double[] run(int readers, ConsumerMode mode) throws Exception {
        String alias = "drain-" + readers + "-" + System.nanoTime();
        ObjectDistroStream<Integer> writer = new ObjectDistroStream<>(alias, mode);
        List<DistroStream<Integer>> handles = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            handles.add(new ObjectDistroStream<>(alias, mode));
        }
        AtomicInteger taken = new AtomicInteger();
        long[] lastPollNs = new long[readers];
        long[] sawClosedNs = new long[readers];
        CountDownLatch done = new CountDownLatch(readers);
        for (int i = 0; i < readers; i++) {
            int id = i;
            DistroStream<Integer> h = handles.get(i);
            Thread t = new Thread(() -> {
                try {
                    while (!h.isClosed()) {
                        taken.addAndGet(h.poll(50).size());
                    }
                    sawClosedNs[id] = System.nanoTime();
                    taken.addAndGet(h.poll().size());
                    lastPollNs[id] = System.nanoTime();
                } catch (Exception e) {
                    e.printStackTrace();
                } finally {
                    done.countDown();
                }
            });
            t.start();
        }
        for (int k = 0; k < ELEMENTS; k++) {
            writer.publish(k);
        }
        while (taken.get() < ELEMENTS) {
            Thread.sleep(5);
        }
        long closeNs = System.nanoTime();
        writer.close();
        done.await();
        if (taken.get() != ELEMENTS) {
            throw new IllegalStateException("readers took " + taken.get() + " of " + ELEMENTS);
        }
        for (DistroStream<Integer> h : handles) {
            StreamHandles.closeReader(h); // as a task that ends: its Kafka consumer leaves
        }
        long last = Arrays.stream(lastPollNs).max().orElse(closeNs);
        if (last - closeNs > Long.getLong("slowMs", 500) * 1_000_000L) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < readers; i++) {
                b.append(String.format(Locale.ROOT, " [saw closed %.0f ms, last poll %.0f ms]",
                        (sawClosedNs[i] - closeNs) / 1e6, (lastPollNs[i] - closeNs) / 1e6));
            }
            System.out.println("# slow stream:" + b);
        }
        long lastPollOnly = 0;
        for (int i = 0; i < readers; i++) {
            lastPollOnly = Math.max(lastPollOnly, lastPollNs[i] - sawClosedNs[i]);
        }
        return new double[] {(last - closeNs) / 1e6, lastPollOnly / 1e6};
    }

    private static String[] round(double[] v) {
        return Arrays.stream(v).mapToObj(x -> String.format(Locale.ROOT, "%.0f", x)).toArray(String[]::new);
    }
}
