package streambench;

import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * W writers x R readers on one object stream: the writers publish 100 elements in all, each
 * reader takes elements and spends 100 ms on each. Efficiency = ideal time (100 x 100 ms / R)
 * divided by the measured time from the first publish call to the end of the last element's work
 * (not counting the writers' handle creation before it, nor the idle readers' last poll, which
 * returns up to 50 ms after the work ends and only ends the threads); the "#" line also gives the
 * time from the writer threads' start to the last reader thread's end.
 * Every reader has its own handle (attached by alias), as tasks would. One process, one
 * embedded stream server and Kafka broker.
 * Prints "RESULT efficiency_w<W>_r<R> <value> ratio" and per-reader shares.
 */
public final class ReadersEfficiency {
    static final int ELEMENTS = 100;
    static final long WORK_MS = 100;

    public static void main(String[] args) throws Exception {
        ConsumerMode mode = args.length > 0 ? ConsumerMode.valueOf(args[0]) : ConsumerMode.AT_MOST_ONCE;
        int[] sizes = args.length > 1 ? java.util.Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 2, 4, 8};
        try (DistroStreamServer server = DistroStreamServer.builder().host("127.0.0.1").start()) {
            System.setProperty("braid.streams.server", server.address());
            run(1, 1, mode, "warmup");
            for (int w : sizes) {
                for (int r : sizes) {
                    run(w, r, mode, null);
                }
            }
            // Readers leave before the broker stops: else it logs an ERROR per share partition they held.
            DistroStreamClient.closeProcessClient();
        }
        System.exit(0);
    }

    static void run(int writers, int readers, ConsumerMode mode, String label) throws Exception {
        String alias = "bench-" + writers + "x" + readers + "-" + System.nanoTime();
        ObjectDistroStream<Integer> creator = new ObjectDistroStream<>(alias, mode);
        List<DistroStream<Integer>> readerHandles = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            readerHandles.add(new ObjectDistroStream<>(alias, mode));
            readerHandles.get(i).poll(); // join the application's readers before the clock starts
        }
        Thread.sleep(Long.getLong("bench.joinMs", 0)); // let the group settle before the clock starts
        AtomicInteger processed = new AtomicInteger();
        AtomicLong lastDone = new AtomicLong();
        AtomicLong firstPublish = new AtomicLong(Long.MAX_VALUE);
        int[] perReader = new int[readers];
        CountDownLatch done = new CountDownLatch(readers);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            int id = i;
            DistroStream<Integer> h = readerHandles.get(i);
            threads.add(new Thread(() -> {
                try {
                    while (processed.get() < ELEMENTS) {
                        for (Integer ignored : h.poll(50)) {
                            Thread.sleep(WORK_MS);
                            perReader[id]++;
                            if (processed.incrementAndGet() == ELEMENTS) {
                                lastDone.set(System.nanoTime());
                            }
                        }
                    }
                } catch (Exception e) {
                    e.printStackTrace();
                } finally {
                    done.countDown();
                }
            }));
        }
        threads.forEach(Thread::start);
        long t0 = System.nanoTime();
        List<Thread> writerThreads = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int id = i;
            writerThreads.add(new Thread(() -> {
                try {
                    DistroStream<Integer> h = new ObjectDistroStream<>(alias, mode);
                    for (int k = id; k < ELEMENTS; k += writers) {
                        if (k == id) {
                            firstPublish.accumulateAndGet(System.nanoTime(), Math::min);
                        }
                        h.publish(k);
                    }
                    // Close once the work is done: this figure measures sharing while the stream
                    // is open (after a close, a reader's next poll drains what is left).
                    while (processed.get() < ELEMENTS) {
                        Thread.sleep(20);
                    }
                    h.close();
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }));
        }
        writerThreads.forEach(Thread::start);
        done.await();
        double measured = (lastDone.get() - firstPublish.get()) / 1e9;
        double wholeRun = (System.nanoTime() - t0) / 1e9;
        double ideal = ELEMENTS * WORK_MS / 1000.0 / readers;
        if (label == null) {
            StringBuilder shares = new StringBuilder();
            for (int n : perReader) {
                shares.append(n).append(' ');
            }
            System.out.printf(Locale.ROOT, "RESULT efficiency_w%d_r%d %.3f ratio%n", writers, readers, ideal / measured);
            System.out.printf(Locale.ROOT, "# w=%d r=%d measured %.3f s ideal %.3f s shares %s; writers' start to"
                    + " readers' end %.3f s (ratio %.3f)%n", writers, readers, measured, ideal, shares.toString().trim(),
                    wholeRun, ideal / wholeRun);
        }
        for (DistroStream<Integer> h : readerHandles) {
            h.close();
        }
        creator.close();
    }
}
