package io.braid.streams.internals.kafka;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectPublisher;
import io.braid.streams.internals.backend.ObjectSubscriber;
import io.braid.streams.internals.backend.Sharing;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object streams on a real embedded broker (one per class): delivery counts in every mode and shape. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KafkaObjectBackendTest {

    @RegisterExtension
    static final TestBroker KAFKA = new TestBroker();
    private static final AtomicInteger STREAMS = new AtomicInteger();

    private static String newStream() throws BackendException {
        String id = "s" + STREAMS.incrementAndGet();
        KAFKA.backend().createTopic(id, 1);
        return id;
    }

    private static List<byte[]> payloads(String prefix, int n) {
        List<byte[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add((prefix + "-" + i).getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    /** Publishes {@code values} and waits for the broker to have them all (as a handle's close does). */
    private static void publishAll(String stream, List<byte[]> values) throws BackendException {
        ObjectPublisher pub = KAFKA.backend().publisher(stream);
        pub.publish(values);
        pub.flush();
    }

    /** Polls until {@code total} records were read by all readers together, then a little longer to catch duplicates. */
    private static Map<Integer, List<String>> readAll(List<ObjectSubscriber> readers, int total) throws Exception {
        Map<Integer, List<String>> got = new ConcurrentHashMap<>();
        AtomicInteger count = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(readers.size());
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int r = 0; r < readers.size(); r++) {
                int id = r;
                got.put(id, Collections.synchronizedList(new ArrayList<>()));
                fs.add(pool.submit(() -> {
                    long deadline = System.currentTimeMillis() + 30_000;
                    while (count.get() < total && System.currentTimeMillis() < deadline) {
                        for (byte[] v : readers.get(id).poll(200)) {
                            got.get(id).add(new String(v, StandardCharsets.UTF_8));
                            count.incrementAndGet();
                        }
                    }
                    for (byte[] v : readers.get(id).poll(300)) { // nothing more may come
                        got.get(id).add(new String(v, StandardCharsets.UTF_8));
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return got;
    }

    private static void assertExactlyOnce(List<byte[]> published, Map<Integer, List<String>> got) {
        List<String> all = new ArrayList<>();
        got.values().forEach(all::addAll);
        Set<String> expected = new HashSet<>();
        published.forEach(v -> expected.add(new String(v, StandardCharsets.UTF_8)));
        assertEquals(expected.size(), all.size(), "every record once, no duplicates");
        assertEquals(expected, new HashSet<>(all));
    }

    private void shape(ConsumerMode mode, int writers, int readers, int perWriter) throws Exception {
        String stream = newStream();
        String app = "app-" + stream;
        List<ObjectSubscriber> subs = new ArrayList<>();
        for (int r = 0; r < readers; r++) {
            subs.add(KAFKA.backend().subscriber(stream, app, mode));
        }
        List<byte[]> published = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> fs = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int id = w;
            fs.add(pool.submit(() -> {
                ObjectPublisher pub = KAFKA.backend().publisher(stream);
                List<byte[]> mine = payloads("w" + id, perWriter);
                for (int i = 0; i < mine.size(); i += 5) { // lists of 5
                    pub.publish(mine.subList(i, Math.min(mine.size(), i + 5)));
                }
                published.addAll(mine);
                return null;
            }));
        }
        Map<Integer, List<String>> got = readAll(subs, writers * perWriter);
        for (Future<?> f : fs) {
            f.get();
        }
        pool.shutdown();
        subs.forEach(ObjectSubscriber::close);
        assertExactlyOnce(published, got);
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void oneToOne(ConsumerMode mode) throws Exception {
        shape(mode, 1, 1, 40);
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void oneToMany(ConsumerMode mode) throws Exception {
        shape(mode, 1, 3, 60);
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void manyToOne(ConsumerMode mode) throws Exception {
        shape(mode, 3, 1, 20);
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void manyToMany(ConsumerMode mode) throws Exception {
        shape(mode, 3, 3, 30);
    }

    @Test
    void pollReturnsWhenDataArrivesAndAtTheTimeout() throws Exception {
        String stream = newStream();
        try (ObjectSubscriber sub = KAFKA.backend().subscriber(stream, "timing", ConsumerMode.AT_MOST_ONCE)) {
            sub.poll(1500); // joins the group
            assertEquals(List.of(), sub.poll(0));

            // A lower bound only: an empty poll waits for its whole timeout (how much longer is a figure).
            long t0 = System.nanoTime();
            assertEquals(List.of(), sub.poll(700));
            long waited = ms(t0);
            assertTrue(waited >= 650, "empty poll(700) returned after " + waited + " ms");

            ExecutorService pool = Executors.newSingleThreadExecutor();
            CountDownLatch polling = new CountDownLatch(1);
            Future<List<byte[]>> poll = pool.submit(() -> {
                polling.countDown();
                return sub.poll(60_000);
            });
            assertTrue(polling.await(10, TimeUnit.SECONDS));
            t0 = System.nanoTime();
            KAFKA.backend().publisher(stream).publish(List.of("late".getBytes()));
            List<byte[]> got = poll.get(50, TimeUnit.SECONDS); // before the poll's own timeout: the record ended it
            pool.shutdown();
            assertEquals(1, got.size());
            assertEquals("late", new String(got.get(0)));
        }
    }

    @Test
    void lateReaderGetsWhatNoReaderTook() throws Exception {
        String stream = newStream();
        ObjectPublisher pub = KAFKA.backend().publisher(stream);
        pub.publish(payloads("early", 10));
        try (ObjectSubscriber first = KAFKA.backend().subscriber(stream, "late-app", ConsumerMode.EXACTLY_ONCE)) {
            Map<Integer, List<String>> a = readAll(List.of(first), 10);
            assertEquals(10, a.get(0).size());
        }
        pub.publish(payloads("second", 7));
        try (ObjectSubscriber late = KAFKA.backend().subscriber(stream, "late-app", ConsumerMode.EXACTLY_ONCE)) {
            Map<Integer, List<String>> b = readAll(List.of(late), 7);
            assertExactlyOnce(payloads("second", 7), b);
        }
    }

    @Test
    void twoApplicationsEachGetEveryRecord() throws Exception {
        String stream = newStream();
        List<byte[]> values = payloads("both", 25);
        KAFKA.backend().publisher(stream).publish(values);
        try (ObjectSubscriber a = KAFKA.backend().subscriber(stream, "appA", ConsumerMode.AT_MOST_ONCE);
             ObjectSubscriber b = KAFKA.backend().subscriber(stream, "appB", ConsumerMode.AT_LEAST_ONCE)) {
            assertExactlyOnce(values, readAll(List.of(a), 25));
            assertExactlyOnce(values, readAll(List.of(b), 25));
        }
    }

    @Test
    void drainTakesEverythingLeft() throws Exception {
        String stream = newStream();
        List<byte[]> values = payloads("drain", 30);
        publishAll(stream, values); // the drain counts on the final end offset
        try (ObjectSubscriber sub = KAFKA.backend().subscriber(stream, "drainer", ConsumerMode.EXACTLY_ONCE)) {
            List<byte[]> got = sub.drain();
            assertExactlyOnce(values, Map.of(0, got.stream().map(String::new).toList()));
            assertEquals(List.of(), sub.drain());
        }
    }

    @ParameterizedTest
    @EnumSource(ConsumerMode.class)
    void aSoloReaderTimedOutOfItsGroupJoinsAgainAndLosesNothing(ConsumerMode mode) throws Exception {
        // Removed from its group while nobody asked it to hand over (as the coordinator does to a
        // member that stopped heartbeating): it must not wait for a hand-over that never comes.
        String stream = newStream();
        String app = "timed-out-" + mode;
        List<byte[]> first = payloads("first", 10);
        List<byte[]> second = payloads("second", 10);
        publishAll(stream, first);
        try (ObjectSubscriber solo = KAFKA.backend().subscriber(stream, app, mode);
             StreamTopicAdmin topics = new StreamTopicAdmin(KAFKA.bootstrapServers())) {
            solo.readersOfApplication(1, Sharing.SOLO);
            assertExactlyOnce(first, readAll(List.of(solo), first.size()));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (solo.acceptedCount() < first.size() && System.nanoTime() < deadline) {
                solo.poll(50); // AT_LEAST_ONCE: the next poll accepts the first records
            }
            assertEquals(first.size(), solo.acceptedCount());
            topics.removeSoloReader(stream, app);
            publishAll(stream, second);
            Map<Integer, List<String>> got = readAll(List.of(solo), second.size());
            // What it accepted after the removal counts too (AT_LEAST_ONCE: by polling again, whose
            // commit the removed member could not make): it is committed by the member that joins
            // again, and none of it comes again.
            int total = first.size() + second.size();
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (solo.acceptedCount() < total && System.nanoTime() < deadline) {
                for (byte[] v : solo.poll(50)) {
                    got.get(0).add(new String(v, StandardCharsets.UTF_8));
                }
            }
            assertEquals(total, solo.acceptedCount(), "every record counted accepted");
            for (byte[] v : solo.poll(300)) { // nothing more may come
                got.get(0).add(new String(v, StandardCharsets.UTF_8));
            }
            assertExactlyOnce(second, got);
        }
    }

    @Test
    void atLeastOnceRecordsOfADeadReaderGoToAnother() throws Exception {
        deadReadersRecordsGoToAnother(12, "shares", 1);
    }

    @Test
    void atLeastOnceBulkOfADeadLoneReaderGoesToTheNext() throws Exception {
        deadReadersRecordsGoToAnother(300, "alone", 2);
    }

    /**
     * Runs {@link DyingReaderMain} in its own JVM on {@code stream} with {@code args} after the
     * bootstrap address and the stream; returns the values on each line it printed (the line's
     * first word, checked to be {@code labels[i]}, left out) once it halted.
     */
    private List<List<String>> dyingReader(String stream, List<String> args, String... labels) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", DyingReaderMain.class.getName(),
                KAFKA.bootstrapServers(), stream));
        command.addAll(args);
        Process child = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<List<String>> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            for (String label : labels) {
                String line = out.readLine();
                assertTrue(line != null && line.startsWith(label + " "), "child printed " + label + " and records: " + line);
                lines.add(Arrays.asList(line.substring(label.length() + 1).split(" ")));
            }
        }
        assertTrue(child.waitFor(20, TimeUnit.SECONDS));
        assertEquals(3, child.exitValue(), "child halted");
        return lines;
    }

    /** A child reader takes at least {@code minTaken} records and dies; a new reader gets every record. */
    private void deadReadersRecordsGoToAnother(int n, String role, int minTaken) throws Exception {
        String stream = newStream();
        List<byte[]> values = payloads("dead", n);
        publishAll(stream, values);
        List<String> takenByDead = dyingReader(stream, List.of("alo-" + role, role), "TOOK").get(0);
        assertTrue(takenByDead.size() >= minTaken, "the child took " + takenByDead.size());
        try (ObjectSubscriber survivor = KAFKA.backend().subscriber(stream, "alo-" + role, ConsumerMode.AT_LEAST_ONCE)) {
            Map<Integer, List<String>> got = readAll(List.of(survivor), values.size());
            assertTrue(got.get(0).containsAll(takenByDead), "the dead reader's records came back");
            assertExactlyOnce(values, got);
        }
    }

    @Test
    void atLeastOnceRecordsAcceptedWithTheNextFetchDoNotComeBack() throws Exception {
        // The child polls 3 times and dies: the first two polls' records were accepted by the
        // fetch of the poll after them (no commit of their own), the last poll's were not.
        String stream = newStream();
        List<byte[]> values = payloads("carried", 12);
        publishAll(stream, values);
        List<List<String>> lines = dyingReader(stream, List.of("alo-carried", "shares", "3"), "ACCEPTED", "TOOK");
        List<String> acceptedByDead = lines.get(0);
        List<String> takenByDead = lines.get(1);
        try (ObjectSubscriber survivor = KAFKA.backend().subscriber(stream, "alo-carried", ConsumerMode.AT_LEAST_ONCE)) {
            List<String> got = readAll(List.of(survivor), values.size() - acceptedByDead.size()).get(0);
            assertTrue(got.containsAll(takenByDead), "the last poll's records came back: " + got);
            for (String a : acceptedByDead) {
                assertFalse(got.contains(a), a + " was accepted with the next fetch, yet came back: " + got);
            }
            List<String> all = new ArrayList<>(got);
            all.addAll(acceptedByDead);
            assertEquals(values.stream().map(String::new).sorted().toList(), all.stream().sorted().toList());
        }
    }

    @Test
    void atLeastOnceUnacknowledgedRecordsOfAnAbruptlyClosedConsumerComeBack() throws Exception {
        // In-process variant: the reader's records are not acknowledged and their lock expires.
        String stream = newStream();
        List<byte[]> values = payloads("abrupt", 8);
        KAFKA.backend().publisher(stream).publish(values);
        ObjectSubscriber holder = KAFKA.backend().subscriber(stream, "alo2", ConsumerMode.AT_LEAST_ONCE);
        List<byte[]> held = List.of();
        long deadline = System.currentTimeMillis() + 15_000;
        while (held.isEmpty() && System.currentTimeMillis() < deadline) {
            held = holder.poll(300);
        }
        assertFalse(held.isEmpty());
        // The holder stays silent (a hung process): another reader still gets everything.
        try (ObjectSubscriber other = KAFKA.backend().subscriber(stream, "alo2", ConsumerMode.AT_LEAST_ONCE)) {
            assertExactlyOnce(values, readAll(List.of(other), values.size()));
        }
    }

    @Test
    void eightBusyReadersShareFairly() throws Exception {
        String stream = newStream();
        int readers = 8;
        int records = 240;
        long workMs = 100;
        List<ObjectSubscriber> subs = new ArrayList<>();
        for (int r = 0; r < readers; r++) {
            subs.add(KAFKA.backend().subscriber(stream, "fair", ConsumerMode.AT_LEAST_ONCE));
        }
        for (ObjectSubscriber s : subs) {
            s.poll(0); // join
        }
        ShareGroups.awaitAssigned(KAFKA.bootstrapServers(), KafkaObjectBackend.groupName("fair", stream), readers);
        KAFKA.backend().publisher(stream).publish(payloads("fair", records));
        int[] counts = new int[readers];
        AtomicInteger total = new AtomicInteger();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger duplicates = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(readers);
        long t0 = System.nanoTime();
        List<Future<?>> fs = new ArrayList<>();
        for (int r = 0; r < readers; r++) {
            int id = r;
            fs.add(pool.submit(() -> {
                while (total.get() < records) {
                    for (byte[] v : subs.get(id).poll(100)) {
                        if (!seen.add(new String(v))) {
                            duplicates.incrementAndGet();
                        }
                        counts[id]++;
                        total.incrementAndGet();
                        Thread.sleep(workMs);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get();
        }
        double elapsed = ms(t0) / 1000.0;
        pool.shutdown();
        subs.forEach(ObjectSubscriber::close);
        double ideal = records * workMs / 1000.0 / readers;
        String report = "counts " + Arrays.toString(counts) + " elapsed " + elapsed + " s, ideal " + ideal
                + " s, efficiency " + String.format("%.2f", ideal / elapsed);
        System.out.println("fairness: " + report);
        assertEquals(0, duplicates.get(), report);
        assertEquals(records, total.get(), report);
        double share = (double) records / readers;
        for (int c : counts) {
            assertTrue(c >= share * 0.75 && c <= share * 1.25, "share within 25%: " + report);
        }
        // Efficiency (ideal / measured time) is a figure, not a test: tests/bench/streams measures it.
    }

    @Test
    void topicsAskedForTogetherAreCreatedAndEachStreamGetsItsOwnAnswer() throws Exception {
        String base = "together-" + STREAMS.incrementAndGet() + "-";
        List<String> ids = List.of(base + "a", base + "b", base + "c", base + "d");
        ExecutorService pool = Executors.newFixedThreadPool(ids.size() + 1);
        try (StreamTopicAdmin topics = new StreamTopicAdmin(KAFKA.bootstrapServers());
             Admin admin = Admin.create(KafkaClientProperties.admin(KAFKA.bootstrapServers()))) {
            List<Future<?>> creations = new ArrayList<>();
            for (String id : ids) {
                creations.add(pool.submit(() -> {
                    topics.createTopic(id, 1, "app");
                    return null;
                }));
            }
            Future<?> bad = pool.submit(() -> {
                topics.createTopic(base + "bad/name", 1, "app");
                return null;
            });
            for (Future<?> f : creations) {
                f.get(30, TimeUnit.SECONDS);
            }
            Exception e = assertThrows(ExecutionException.class, () -> bad.get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof BackendException
                    && e.getCause().getMessage().contains("stream " + base + "bad/name"), String.valueOf(e.getCause()));
            Set<String> names = admin.listTopics().names().get(10, TimeUnit.SECONDS);
            for (String id : ids) {
                assertTrue(names.contains(KafkaObjectBackend.topicName(id)), id + " in " + names);
            }
            topics.createTopic(ids.get(0), 1, "app"); // exists already: no error
            // the creating application's group starts at offset 0 before any reader joined
            String group = KafkaObjectBackend.groupName("app", ids.get(1));
            topics.groupInitialisation(group).get(30, TimeUnit.SECONDS);
            var offsets = admin.listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec()))
                    .partitionsToOffsetInfo(group).get(10, TimeUnit.SECONDS);
            assertEquals(Set.of(new TopicPartition(KafkaObjectBackend.topicName(ids.get(1)), 0)), offsets.keySet(),
                    offsets.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * On a broker still creating its coordinators' topics, a stream's topic is created at once and
     * its creator's group initialised only once groups can be used.
     */
    @Test
    void aTopicIsMadeAtOnceAndItsGroupInitialisedInTheBackgroundOnceGroupsCanBe() throws Exception {
        String id = "groups-later-" + STREAMS.incrementAndGet();
        String topic = KafkaObjectBackend.topicName(id);
        CountDownLatch waitedFor = new CountDownLatch(1);
        CompletableFuture<Void> groupsReady = new CompletableFuture<>() {
            @Override
            public Void get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException,
                    java.util.concurrent.TimeoutException {
                waitedFor.countDown(); // the initialisation has come to wait for the groups
                return super.get(timeout, unit);
            }
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (StreamTopicAdmin topics = new StreamTopicAdmin(KAFKA.bootstrapServers(), groupsReady);
             Admin admin = Admin.create(KafkaClientProperties.admin(KAFKA.bootstrapServers()))) {
            Future<?> creation = pool.submit(() -> {
                topics.createTopic(id, 1, "app");
                return null;
            });
            creation.get(30, TimeUnit.SECONDS); // the topic does not wait for the groups
            assertTrue(admin.listTopics().names().get(10, TimeUnit.SECONDS).contains(topic));
            String group = KafkaObjectBackend.groupName("app", id);
            assertTrue(waitedFor.await(10, TimeUnit.SECONDS), "the initialisation started");
            assertFalse(topics.groupInitialisation(group).isDone(),
                    "the group's initialisation waits for the groups to be ready");
            groupsReady.complete(null);
            topics.groupInitialisation(group).get(30, TimeUnit.SECONDS);
            var offsets = admin.listShareGroupOffsets(Map.of(group, new ListShareGroupOffsetsSpec()))
                    .partitionsToOffsetInfo(group).get(10, TimeUnit.SECONDS);
            assertEquals(Set.of(new TopicPartition(topic, 0)), offsets.keySet(), offsets.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void warmUpRehearsesAStreamAndLeavesNoGroupBehind() throws Exception {
        KAFKA.backend().warmUp();
        KAFKA.backend().warmUp(); // again (a second process): its own group, the first one's record may be read too
        try (Admin admin = Admin.create(KafkaClientProperties.admin(KAFKA.bootstrapServers()))) {
            assertTrue(admin.listTopics().names().get(10, TimeUnit.SECONDS)
                    .contains(KafkaObjectBackend.topicName(StreamTopicAdmin.WARM_UP_STREAM)));
            assertEquals(2, new StreamOffsets(admin, 5_000).published(
                    KafkaObjectBackend.topicName(StreamTopicAdmin.WARM_UP_STREAM)), "one record per rehearsal");
            List<String> left = admin.listGroups().all().get(10, TimeUnit.SECONDS).stream()
                    .map(g -> g.groupId()).filter(g -> g.contains("braid-warm-up-")).toList();
            assertEquals(List.of(), left, "the rehearsal groups are deleted");
        }
    }

    /**
     * A broker that is gone: publishing and reading fail with a {@link BackendException} naming
     * what failed and the broker, bounded by Braid's timeouts, not Kafka's defaults (60 s to block,
     * 120 s to deliver, which the class's 60 s limit would catch): the clients are configured with
     * {@link KafkaObjectBackend#REQUEST_TIMEOUT_MS} and {@link KafkaObjectBackend#DELIVERY_TIMEOUT_MS}.
     */
    @Test
    void brokerGoneGivesBackendExceptionNamingTheBrokerWithinTheConfiguredTimeouts() throws Exception {
        EmbeddedKafkaBroker other = EmbeddedKafkaBroker.start("127.0.0.1", null);
        String broker = other.bootstrapServers();
        String request = String.valueOf(KafkaObjectBackend.REQUEST_TIMEOUT_MS);
        Properties producer = KafkaClientProperties.producer(broker);
        assertEquals(request, producer.get(ProducerConfig.MAX_BLOCK_MS_CONFIG));
        assertEquals(request, producer.get(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG));
        assertEquals(String.valueOf(KafkaObjectBackend.DELIVERY_TIMEOUT_MS),
                producer.get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG));
        for (Properties consumer : List.of(KafkaClientProperties.shareConsumer(broker, "g", Acquisition.SHARED),
                KafkaClientProperties.soloConsumer(broker, "g"))) {
            assertEquals(request, consumer.get(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG));
            assertEquals(request, consumer.get(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG));
        }
        assertEquals(request, KafkaClientProperties.admin(broker).get(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG));

        KafkaObjectBackend gone = new KafkaObjectBackend(broker);
        try {
            gone.createTopic("g1", 1);
            gone.publisher("g1").publish(List.of("ok".getBytes()));
            other.close();
            ObjectPublisher p = gone.publisher("g1");
            p.publish(List.of("lost".getBytes())); // does not wait: the failure comes with the flush (or next publish)
            BackendException e = assertThrows(BackendException.class, p::flush);
            assertTrue(e.getMessage().contains("Kafka backend: could not publish to")
                    && e.getMessage().contains(broker), e.getMessage());
            try (ObjectSubscriber s = gone.subscriber("g1", "x", ConsumerMode.AT_MOST_ONCE)) {
                e = assertThrows(BackendException.class, () -> s.poll(100));
            }
            assertTrue(e.getMessage().contains("configure share group") && e.getMessage().contains(broker),
                    e.getMessage());
        } finally {
            gone.close();
            other.close();
        }
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

}
