package io.braid.streams.internals.files;

import io.braid.streams.ConsumerMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.braid.streams.internals.files.DirectoryMonitorTest.await;
import static io.braid.streams.internals.files.DirectoryMonitorTest.defaults;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Consumer modes, applications and publishing. */
class DirectoryFileStreamQueueTest {

    @TempDir
    Path dir;

    private List<String> write(int from, int to) throws Exception {
        List<String> paths = new ArrayList<>();
        for (int i = from; i < to; i++) {
            paths.add(Files.writeString(dir.resolve(String.format("f%04d", i)), "data " + i).toString());
        }
        return paths;
    }

    /** Writes files and waits until all are complete; returns them in completion order. */
    private List<String> writeAndWait(DirectoryFileStreamQueue q, int from, int to) throws Exception {
        List<String> written = write(from, to);
        List<String> order = await(q, "probe", "probe", ConsumerMode.AT_MOST_ONCE, written.size(), 3000);
        assertEquals(new HashSet<>(written), new HashSet<>(order));
        return order;
    }

    /**
     * 400 files written while 4 readers of each of two applications take concurrently (max 3 per
     * take): within an application no path twice, none lost; each application sees all.
     */
    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void severalReadersAndTwoApplicationsSeeEachPathExactlyOncePerApplication(ConsumerMode mode) throws Exception {
        int files = 400;
        int readers = 4;
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            ExecutorService pool = Executors.newFixedThreadPool(2 * readers + 1);
            try {
                Future<List<String>> writer = pool.submit(() -> write(0, files));
                Map<String, List<String>> byApp = new ConcurrentHashMap<>();
                Map<String, AtomicInteger> perReader = new ConcurrentHashMap<>();
                List<Future<?>> tasks = new ArrayList<>();
                for (String app : List.of("A", "B")) {
                    List<String> all = Collections.synchronizedList(new ArrayList<>());
                    byApp.put(app, all);
                    for (int r = 0; r < readers; r++) {
                        String reader = app + "-r" + r;
                        perReader.put(reader, new AtomicInteger());
                        tasks.add(pool.submit(() -> {
                            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                            while (all.size() < files && System.nanoTime() < end) {
                                List<String> got = q.take(app, reader, mode, 3);
                                all.addAll(got);
                                perReader.get(reader).addAndGet(got.size());
                                Thread.sleep(got.isEmpty() ? 2 : 0);
                            }
                            return null;
                        }));
                    }
                }
                List<String> written = writer.get(30, TimeUnit.SECONDS);
                for (Future<?> t : tasks) {
                    t.get(30, TimeUnit.SECONDS);
                }
                for (String app : List.of("A", "B")) {
                    List<String> all = byApp.get(app);
                    assertEquals(files, all.size(), app + " count");
                    assertEquals(new HashSet<>(written), new HashSet<>(all), app + " paths");
                    assertEquals(List.of(), q.take(app, "late", mode, 100), app + " has nothing left");
                }
                int readersWithWork = (int) perReader.values().stream().filter(n -> n.get() > 0).count();
                assertTrue(readersWithWork >= 2, "only " + readersWithWork + " readers got paths: " + perReader);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void completionOrderIsKept() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            List<String> written = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                written.addAll(write(i, i + 1));
                q.settle(); // each file completes in a pass of its own
            }
            assertEquals(written, await(q, "A", "r", ConsumerMode.AT_MOST_ONCE, 30, 3000));
        }
    }

    @Test
    void atLeastOnceReaderGoneGivesItsPathsBackToTheFront() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            List<String> written = writeAndWait(q, 0, 6);
            ConsumerMode m = ConsumerMode.AT_LEAST_ONCE;
            List<String> r1 = await(q, "A", "r1", m, 2, 2000);
            assertEquals(written.subList(0, 2), r1);
            List<String> r2 = q.take("A", "r2", m, 1);
            assertEquals(written.subList(2, 3), r2);
            q.readerGone("r1");
            q.readerGone("r1"); // twice: nothing more
            List<String> again = q.take("A", "r2", m, 10); // also acknowledges r2's first path
            assertEquals(List.of(written.get(0), written.get(1), written.get(3), written.get(4), written.get(5)), again);
            q.readerGone("r2"); // r2 dies holding 5 paths
            assertEquals(again, q.take("A", "r3", m, 10));
            // Another application is not affected.
            assertEquals(written, q.take("B", "b1", m, 10));
        }
    }

    @Test
    void atLeastOnceNextTakeOrCloseAcknowledges() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            List<String> written = writeAndWait(q, 0, 4);
            ConsumerMode m = ConsumerMode.AT_LEAST_ONCE;
            assertEquals(written.subList(0, 2), await(q, "A", "r1", m, 2, 2000));
            assertEquals(written.subList(2, 3), q.take("A", "r1", m, 1)); // acknowledges the first two
            q.readerGone("r1");
            assertEquals(written.subList(2, 4), q.take("A", "r2", m, 10)); // only the unacknowledged one back
            q.readerClosed("r2");
            q.readerGone("r2");
            assertEquals(List.of(), q.take("A", "r3", m, 10));
        }
    }

    @Test
    void atMostOnceReaderGoneLosesNothingAndReturnsNothing() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            List<String> written = writeAndWait(q, 0, 3);
            for (ConsumerMode m : List.of(ConsumerMode.AT_MOST_ONCE, ConsumerMode.EXACTLY_ONCE)) {
                String app = "app-" + m;
                assertEquals(written.subList(0, 1), await(q, app, "r1", m, 1, 2000));
                q.readerGone("r1");
                assertEquals(written.subList(1, 3), q.take(app, "r2", m, 10));
            }
        }
    }

    @Test
    void lateReaderOfANewApplicationGetsEverything() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            List<String> written = writeAndWait(q, 0, 20);
            assertEquals(written, await(q, "A", "a1", ConsumerMode.AT_MOST_ONCE, 20, 3000));
            assertEquals(List.of(), q.take("A", "a2", ConsumerMode.AT_MOST_ONCE, 100));
            List<String> more = writeAndWait(q, 20, 25);
            List<String> all = new ArrayList<>(written);
            all.addAll(more);
            assertEquals(all, await(q, "LATE", "l1", ConsumerMode.AT_MOST_ONCE, 25, 3000));
        }
    }

    @Test
    void publishedPathsOutsideTheBaseDirectoryAreRejected() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> q.published("/etc/passwd"));
            assertTrue(e.getMessage().contains("not inside") && e.getMessage().contains(dir.toString()), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> q.published("../escape"));
            assertThrows(IllegalArgumentException.class, () -> q.published(dir.resolve("sub/../../x").toString()));
            assertThrows(IllegalArgumentException.class, () -> q.published(dir.toString()));
        }
    }

    @Test
    void publishedPathsAreHandedOutOnce() throws Exception {
        Files.createDirectory(dir.resolve("sub"));
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path direct = Files.writeString(dir.resolve("direct"), "1");
            q.published(direct.toString()); // also seen by the monitor: still once
            q.published("direct");
            Path nested = Files.writeString(dir.resolve("sub/nested"), "2"); // not watched: needs publish
            q.published("sub/nested");
            q.published("sub/later"); // named before it exists
            q.settle();
            Path later = Files.writeString(dir.resolve("sub/later"), "3");
            List<String> got = await(q, "A", "r", ConsumerMode.AT_MOST_ONCE, 3, 3000);
            assertEquals(Set.of(direct.toString(), nested.toString(), later.toString()), new HashSet<>(got));
            q.published("direct");
            q.settle();
            assertEquals(List.of(), q.take("A", "r", ConsumerMode.AT_MOST_ONCE, 10));
        }
    }

    @Test
    void listenersAreCalledWhenPathsBecomeAvailable() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Semaphore available = new Semaphore(0);
            q.onAvailable(available::release);
            write(0, 1);
            assertTrue(available.tryAcquire(2, TimeUnit.SECONDS));
            assertEquals(1, q.take("A", "r", ConsumerMode.AT_LEAST_ONCE, 10).size());
            q.readerGone("r");
            assertTrue(available.tryAcquire(2, TimeUnit.SECONDS), "re-delivery wakes waiting polls too");
        }
    }

    @Test
    void twoStreamsOnOneDirectoryShareItsWatchAndBothSeeItsFiles() throws Exception {
        // No scan before an hour has passed: only the watch's events can bring the files in.
        FileStreamOptions eventsOnly = defaults().withScanInterval(Duration.ofHours(1));
        try (MonitorThreads threads = new MonitorThreads("test-monitor", 2, System::nanoTime);
             DirectoryFileStreamQueue second = new DirectoryFileStreamQueue(dir, eventsOnly, threads)) {
            DirectoryFileStreamQueue first = new DirectoryFileStreamQueue(dir, eventsOnly, threads);
            first.settle();
            second.settle(); // both have started: a file written now is new to both
            List<String> one = write(0, 1);
            assertEquals(one, await(first, "A", "r", ConsumerMode.AT_MOST_ONCE, 1, 10_000));
            assertEquals(one, await(second, "A", "r", ConsumerMode.AT_MOST_ONCE, 1, 10_000));
            first.close();
            List<String> two = write(1, 2);
            assertEquals(two, await(second, "A", "r", ConsumerMode.AT_MOST_ONCE, 1, 10_000),
                    "the other stream still gets the directory's events");
        }
    }

    @Test
    void closeStopsTheMonitor() throws Exception {
        try (MonitorThreads threads = new MonitorThreads("test-monitor", 1, System::nanoTime)) {
            DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults(), threads);
            q.close();
            write(0, 1);
            // Whatever the monitor still had queued has run once this task, queued after it, has.
            threads.executor().submit(() -> { }).get(5, TimeUnit.SECONDS);
            assertEquals(List.of(), q.take("A", "r", ConsumerMode.AT_MOST_ONCE, 10));
            q.close(); // idempotent
        }
    }
}
