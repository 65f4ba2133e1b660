package io.braid.streams;

import io.braid.streams.internals.backend.Sharing;
import io.braid.streams.internals.client.ClientProbe;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.kafka.KafkaObjectBackend;
import io.braid.streams.internals.kafka.ShareGroups;
import io.braid.streams.internals.client.StreamHandles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Acquisition chosen from the application's reader count (server push), on the embedded broker,
 * each reader with its own client as separate processes would have: a reader alone takes records
 * in bulk, readers that share take one per poll, the switch in either direction mid-stream loses
 * and duplicates nothing, and busy readers share fairly.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AdaptiveAcquisitionKafkaTest extends EmbeddedStreamServerBase {

    static void publish(ObjectDistroStream<String> out, String prefix, int n) throws BackendException {
        for (int i = 0; i < n; i++) {
            out.publish(prefix + i); // one record per call: one batch each
        }
    }

    /** Polls until {@code seen} holds {@code total} values; returns the largest poll. */
    static int readUntil(ObjectDistroStream<String> r, Map<String, Integer> seen, int total) throws BackendException {
        int largest = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (size(seen) < total && System.nanoTime() < deadline) {
            List<String> got = r.poll(100);
            largest = Math.max(largest, got.size());
            add(seen, got);
        }
        return largest;
    }

    static int size(Map<String, Integer> seen) {
        synchronized (seen) {
            return seen.size();
        }
    }

    static void add(Map<String, Integer> seen, List<String> values) {
        synchronized (seen) {
            values.forEach(v -> seen.merge(v, 1, Integer::sum));
        }
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void soloReaderSharesWhenASecondJoinsAndTakesInBulkAgainWhenItLeaves(ConsumerMode mode) throws Exception {
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("adaptive-" + STREAMS.incrementAndGet(), mode);
        DistroStreamClient aClient = client();
        ObjectDistroStream<String> a = in(aClient, out);
        Map<String, Integer> seen = new HashMap<>();

        // Alone: records published one by one come in bulk.
        a.poll();
        publish(out, "solo-", 100);
        int soloLargest = readUntil(a, seen, 100);
        assertTrue(soloLargest > 1, "a reader alone takes several records per poll: " + soloLargest);

        // A second reader joins mid-stream: both take one record per poll.
        ObjectDistroStream<String> b = in(client(), out);
        b.poll();
        eventually(() -> ClientProbe.readersKnown(aClient, out.getId()).readers() == 2
                && ClientProbe.readersKnown(aClient, out.getId()).sharing() == Sharing.SHARED,
                "a's client is told the two readers share");
        publish(out, "pair-", 100);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Integer> fa = pool.submit(() -> readUntil(a, seen, 200));
            Future<Integer> fb = pool.submit(() -> readUntil(b, seen, 200));
            assertEquals(1, Math.max(fa.get(), fb.get()), "readers that share take one record per poll");
        } finally {
            pool.shutdown();
        }

        // The second reader leaves: the first takes in bulk again.
        StreamHandles.closeReader(b);
        eventually(() -> ClientProbe.readersKnown(aClient, out.getId()).readers() == 1,
                "a's client is told it reads alone again");
        publish(out, "again-", 100);
        int againLargest = readUntil(a, seen, 300);
        assertTrue(againLargest > 1, "alone again, several records per poll: " + againLargest);

        DistroStreamClient.install(producer);
        out.close();
        while (!a.isClosed()) {
            add(seen, a.poll(100));
        }
        add(seen, a.poll());
        assertEquals(300, seen.size(), "nothing lost");
        if (mode != ConsumerMode.AT_LEAST_ONCE) {
            assertTrue(seen.values().stream().allMatch(n -> n == 1), "no duplicates: " + seen);
        }
    }

    @Test
    void eightBusyReadersWithOwnClientsShareFairly() throws Exception {
        DistroStreamClient producer = client();
        DistroStreamClient.install(producer);
        ObjectDistroStream<String> out = new ObjectDistroStream<>("fair-" + STREAMS.incrementAndGet(),
                ConsumerMode.EXACTLY_ONCE);
        int readers = 8;
        int records = 160;
        List<ObjectDistroStream<String>> rs = new ArrayList<>();
        for (int i = 0; i < readers; i++) {
            rs.add(in(client(), out));
            rs.get(i).poll(); // joins; every reader now knows there are several
        }
        ShareGroups.awaitAssigned(ObjectDistroStreamKafkaTest.bootstrapHandedOutBy(server.address()),
                KafkaObjectBackend.groupName("app", out.getId()), readers);
        publish(out, "r-", records);
        Map<String, Integer> seen = new HashMap<>();
        int[] counts = new int[readers];
        ExecutorService pool = Executors.newFixedThreadPool(readers);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < readers; i++) {
                int id = i;
                fs.add(pool.submit(() -> {
                    while (size(seen) < records) {
                        List<String> got = rs.get(id).poll(100);
                        add(seen, got);
                        counts[id] += got.size();
                        Thread.sleep(50L * got.size()); // work
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        String report = "counts " + Arrays.toString(counts);
        assertEquals(records, seen.size(), report);
        assertTrue(seen.values().stream().allMatch(n -> n == 1), "no duplicates: " + report);
        double share = (double) records / readers;
        for (int c : counts) {
            assertTrue(c >= share * 0.75 && c <= share * 1.25, "share within 25%: " + report);
        }
    }
}
