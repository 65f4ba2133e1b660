package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.RegistrationException;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.InMemoryFileQueue;
import io.braid.streams.internals.client.TestStreamServer;
import io.braid.streams.internals.protocol.FilesPolled;
import io.braid.streams.internals.protocol.StreamInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistroStreamServerTest {

    @TempDir
    Path dir;
    final Map<String, InMemoryFileQueue> queues = new ConcurrentHashMap<>();
    TestStreamServer s;

    final ManualClock clock = new ManualClock();

    TestStreamServer start(long graceMs) throws Exception {
        s = new TestStreamServer(graceMs, (id, base) -> queues.computeIfAbsent(id, k -> new InMemoryFileQueue()), clock);
        return s;
    }

    interface RegistryQuery<T> {
        T ask(StreamRegistry r) throws StreamRegistryException;
    }

    /** Asks the server's loop (after everything it was given before). */
    <T> T onServer(RegistryQuery<T> q) {
        try {
            return s.server.inspect(r -> {
                try {
                    return q.ask(r);
                } catch (StreamRegistryException e) {
                    throw new IllegalStateException(e);
                }
            });
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    boolean closedOnServer(String id) {
        return onServer(r -> r.lookup(id, null).closed());
    }

    int waitingPolls(String id) {
        return onServer(r -> s.server.waitingPolls(id));
    }

    @AfterEach
    void stop() {
        if (s != null) {
            s.close();
        }
    }

    static void eventually(BooleanSupplier condition, long ms, String what) throws InterruptedException {
        long deadline = System.nanoTime() + ms * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + ms + " ms: " + what);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void addressIsHostAndPort() throws Exception {
        start(1000);
        assertEquals("127.0.0.1:" + s.server.port(), s.server.address());
    }

    @Test
    void aliasesAttachAcrossClientsAndCreatorsModeWins() throws Exception {
        start(1000);
        DistroStreamClient c1 = s.client("app1");
        DistroStreamClient c2 = s.client("app2");
        StreamInfo a = c1.register(StreamType.OBJECT, "shared", ConsumerMode.AT_LEAST_ONCE, null);
        StreamInfo b = c2.register(StreamType.OBJECT, "shared", ConsumerMode.EXACTLY_ONCE, null);
        assertEquals(a.streamId(), b.streamId());
        assertEquals(ConsumerMode.AT_LEAST_ONCE, b.mode());
        assertEquals("shared", b.alias());
        assertEquals(List.of(a.streamId()), s.topics.created, "one topic per stream, created once");
        assertEquals(a.streamId(), c2.lookupAlias("shared").streamId());
        RegistrationException e = assertThrows(RegistrationException.class,
                () -> c2.register(StreamType.FILE, "shared", ConsumerMode.AT_MOST_ONCE, dir.toString()));
        assertTrue(e.getMessage().contains("'shared'") && e.getMessage().contains("object stream"), e.getMessage());
        StreamInfo other = c2.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null);
        assertFalse(other.streamId().equals(a.streamId()));
    }

    @Test
    void streamClosesWhenEveryWriterClosedAndReadersAreTold() throws Exception {
        start(1000);
        DistroStreamClient c1 = s.client("app");
        DistroStreamClient c2 = s.client("app");
        DistroStreamClient reader = s.client("other");
        String id = c1.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null).streamId();
        assertFalse(reader.isClosed(id));
        assertFalse(reader.isClosed(id), "no writer yet: open");
        c1.registerWriter(id, "w1");
        c2.registerWriter(id, "w2");
        reader.registerReader(id, "r1");
        assertFalse(c1.closeWriter(id, "w1").closed());
        assertFalse(reader.isClosed(id));
        assertTrue(c2.closeWriter(id, "w2").closed());
        // The reader learns it from the server's push (its cache said "open, verified").
        eventually(() -> reader.isClosed(id), 2000, "push reaches the reader");
        BackendException e = assertThrows(BackendException.class, () -> c1.registerWriter(id, "w3"));
        assertTrue(e.getMessage().contains(id) && e.getMessage().contains("closed"), e.getMessage());
        // Closing twice is harmless.
        assertTrue(c2.closeWriter(id, "w2").closed());
    }

    @Test
    void unknownIdIsRefusedByName() throws Exception {
        start(1000);
        DistroStreamClient c = s.client("app");
        for (ThrowingCall call : List.<ThrowingCall>of(
                () -> c.registerWriter("nope-1", "w"),
                () -> c.registerReader("nope-1", "r"),
                () -> c.closeWriter("nope-1", "w"),
                () -> c.pollFiles("nope-1", "r", 0, 10),
                () -> c.publishFile("nope-1", "w", dir.resolve("f").toString()),
                () -> c.lookup("nope-1"))) {
            BackendException e = assertThrows(BackendException.class, call::run);
            assertTrue(e.getMessage().contains("unknown stream id 'nope-1'"), e.getMessage());
        }
        BackendException e = assertThrows(BackendException.class, () -> c.lookupAlias("nobody"));
        assertTrue(e.getMessage().contains("'nobody'"), e.getMessage());
    }

    interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void disconnectedWriterIsDroppedAfterTheGraceTimeout() throws Exception {
        start(300);
        DistroStreamClient writer = s.client("app");
        DistroStreamClient reader = s.client("app");
        String id = writer.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null).streamId();
        writer.registerWriter(id, "w");
        assertFalse(reader.isClosed(id));
        writer.close(); // the process goes away without closing the stream
        eventually(() -> !onServer(r -> r.isConnected(writer.clientId())), 5000, "the server sees the writer gone");
        clock.advance(299);
        assertFalse(closedOnServer(id), "not before the grace timeout");
        clock.advance(1);
        assertTrue(closedOnServer(id), "writer dropped at the grace timeout, stream closed");
        eventually(() -> reader.isClosed(id), 5000, "the push reaches the reader");
    }

    @Test
    void writerThatStaysKeepsStreamOpen() throws Exception {
        start(200);
        DistroStreamClient w1 = s.client("app");
        DistroStreamClient w2 = s.client("app");
        DistroStreamClient reader = s.client("app");
        String id = w1.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null).streamId();
        w1.registerWriter(id, "a");
        w2.registerWriter(id, "b");
        w1.close();
        eventually(() -> !onServer(r -> r.isConnected(w1.clientId())), 5000, "the server sees w1 gone");
        clock.advance(600);
        assertFalse(closedOnServer(id), "w1 dropped, w2 still writes");
        assertFalse(reader.isClosed(id));
        w2.closeWriter(id, "b");
        eventually(() -> reader.isClosed(id), 5000, "closed by the remaining writer");
    }

    @Test
    void filePollWaitsForPathsThenTimesOut() throws Exception {
        start(1000);
        DistroStreamClient w = s.client("app");
        DistroStreamClient r = s.client("app");
        String id = w.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        CompletableFuture<FilesPolled> timingOut = poll(r, id, "r1", 300);
        eventually(() -> waitingPolls(id) == 1, 5000, "the poll waits on the server");
        clock.advance(299);
        assertEquals(1, waitingPolls(id), "not answered before its timeout");
        assertFalse(timingOut.isDone());
        clock.advance(1);
        assertEquals(List.of(), timingOut.get(5, TimeUnit.SECONDS).paths());
        CompletableFuture<FilesPolled> waiting = poll(r, id, "r1", 10_000);
        eventually(() -> waitingPolls(id) == 1, 5000, "the poll waits on the server");
        assertFalse(waiting.isDone());
        String f = dir.resolve("a.txt").toString();
        w.publishFile(id, "w1", f);
        assertEquals(List.of(f), waiting.get(5, TimeUnit.SECONDS).paths());
        assertEquals(0, clock.pending(), "the answered poll's timer is cancelled");
        // Another application sees it too; the same application does not get it twice.
        assertEquals(List.of(f), s.client("app2").pollFiles(id, "x", 0, 10).paths());
        assertEquals(List.of(), r.pollFiles(id, "r2", 0, 10).paths());
    }

    static CompletableFuture<FilesPolled> poll(DistroStreamClient c, String id, String reader, long timeoutMs) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return c.pollFiles(id, reader, timeoutMs, 10);
            } catch (BackendException e) {
                throw new RuntimeException(e);
            }
        });
    }

    @Test
    void closingWakesWaitingPolls() throws Exception {
        start(1000);
        DistroStreamClient w = s.client("app");
        DistroStreamClient r = s.client("app");
        String id = w.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        w.registerWriter(id, "w");
        CompletableFuture<FilesPolled> waiting = poll(r, id, "r1", 20_000);
        eventually(() -> waitingPolls(id) == 1, 5000, "the poll waits on the server");
        w.closeWriter(id, "w");
        FilesPolled p = waiting.get(5, TimeUnit.SECONDS);
        assertTrue(p.closed());
        assertTrue(r.isClosed(id));
    }

    @Test
    void publishOutsideTheBaseDirectoryOrOnObjectStreamIsRefused() throws Exception {
        start(1000);
        DistroStreamClient c = s.client("app");
        String id = c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.resolve("base").toString()).streamId();
        BackendException e = assertThrows(BackendException.class, () -> c.publishFile(id, "w", dir.resolve("x").toString()));
        assertTrue(e.getMessage().contains("not inside the stream's base directory"), e.getMessage());
        e = assertThrows(BackendException.class,
                () -> c.publishFile(id, "w", dir.resolve("base/../x").toString()));
        assertTrue(e.getMessage().contains("not inside"), e.getMessage());
        String obj = c.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null).streamId();
        e = assertThrows(BackendException.class, () -> c.pollFiles(obj, "r", 0, 1));
        assertTrue(e.getMessage().contains("not a file stream"), e.getMessage());
    }

    @Test
    void publishOnAClosedStreamIsRefused() throws Exception {
        start(1000);
        DistroStreamClient c = s.client("app");
        String id = c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        c.closeWriter(id, "w");
        BackendException e = assertThrows(BackendException.class, () -> c.publishFile(id, "w2", dir.resolve("f").toString()));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void readersOfADisconnectedClientAreGoneAtOnce() throws Exception {
        start(10_000);
        DistroStreamClient c = s.client("app");
        String id = c.register(StreamType.FILE, null, ConsumerMode.AT_LEAST_ONCE, dir.toString()).streamId();
        c.pollFiles(id, "reader-1", 0, 10);
        c.close();
        eventually(() -> queues.get(id).readersGone.contains("reader-1"), 3000, "readerGone called");
    }

    @Test
    void fileQueueFailureIsARegistrationError() throws Exception {
        s = new TestStreamServer(1000, (id, base) -> {
            throw new BackendException("cannot watch " + base);
        });
        DistroStreamClient c = s.client("app");
        RegistrationException e = assertThrows(RegistrationException.class,
                () -> c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.toString()));
        assertTrue(e.getMessage().contains("cannot watch " + dir), e.getMessage());
    }

    @Test
    void closeStopsQueuesAndTopics() throws Exception {
        start(1000);
        DistroStreamClient c = s.client("app");
        String id = c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        s.server.close();
        assertTrue(queues.get(id).closed);
        assertTrue(s.topics.closed);
    }

    @Test
    void aCloseMadeWhileAnotherRunsReturnsOnceTheTopicsAreClosed() throws Exception {
        // A run that aborts closes the server from two threads and exits right after the second
        // returns: if that one returned at once, the exit cut the broker's stop short.
        CountDownLatch closing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean topicsClosed = new AtomicBoolean();
        ObjectTopics slowToClose = new ObjectTopics() {
            @Override
            public String bootstrap() {
                return "slow:9092";
            }

            @Override
            public void createTopic(String streamId) {
            }

            @Override
            public void close() {
                closing.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                topicsClosed.set(true);
            }
        };
        DistroStreamServer server = DistroStreamServer.builder().host("127.0.0.1").port(0)
                .objectTopics(slowToClose).start();
        Thread first = new Thread(server::close, "first-close");
        first.start();
        assertTrue(closing.await(5, TimeUnit.SECONDS));
        Thread second = new Thread(server::close, "second-close");
        second.start();
        eventually(() -> second.getState() == Thread.State.BLOCKED, 5000, "the second close waits for the first");
        assertTrue(second.isAlive(), "the second close returned while the first was still closing the topics");
        release.countDown();
        second.join(5_000);
        assertFalse(second.isAlive());
        assertTrue(topicsClosed.get());
        first.join(5_000);
    }

    @Test
    void kafkaModeParsing() {
        assertTrue(KafkaMode.parse("embedded").embedded());
        assertTrue(KafkaMode.parse(null).embedded());
        assertEquals("h:9092", KafkaMode.parse("h:9092").bootstrap());
        assertEquals("h:9092,g:1", KafkaMode.parse("kafka://h:9092,g:1").bootstrap());
        assertThrows(IllegalArgumentException.class, () -> KafkaMode.parse("nonsense"));
    }
}
