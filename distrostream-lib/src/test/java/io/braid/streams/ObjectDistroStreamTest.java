package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.client.StreamAccess;
import io.braid.streams.internals.client.StreamHandles;
import io.braid.streams.internals.client.TestStreamServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object stream handles over a real stream server, with an in-memory stand-in for Kafka. */
class ObjectDistroStreamTest {

    TestStreamServer s;

    @BeforeEach
    void start() throws Exception {
        s = new TestStreamServer(300, null);
        s.install("app");
    }

    @AfterEach
    void stop() {
        s.close();
    }

    @SuppressWarnings("unchecked")
    static <T> T copy(T o) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    static <T> List<T> pollAll(DistroStream<T> stream) throws Exception {
        List<T> all = new ArrayList<>();
        while (!stream.isClosed()) {
            all.addAll(stream.poll(50));
        }
        all.addAll(stream.poll());
        return all;
    }

    @Test
    void aClosedDrainedStreamAnswersAtOnceWithoutDrainingAgain() throws Exception {
        ObjectDistroStream<String> w = new ObjectDistroStream<>();
        ObjectDistroStream<String> r = copy(w);
        w.publish(List.of("a", "b", "c"));
        w.close();
        int before = io.braid.streams.internals.client.InMemoryObjectBackend.DRAINS.get();
        assertEquals(List.of("a", "b", "c"), pollAll(r));
        int drained = io.braid.streams.internals.client.InMemoryObjectBackend.DRAINS.get();
        assertTrue(drained > before, "drained");
        assertEquals(List.of(), r.poll());
        assertEquals(List.of(), r.poll(10_000), "a closed, drained stream answers at once");
        assertEquals(drained, io.braid.streams.internals.client.InMemoryObjectBackend.DRAINS.get(), "not drained again");
    }

    @Test
    void constructorsAndMetadata() throws Exception {
        ObjectDistroStream<String> plain = new ObjectDistroStream<>();
        assertEquals(StreamType.OBJECT, plain.getStreamType());
        assertEquals(ConsumerMode.AT_MOST_ONCE, plain.getConsumerMode());
        assertNull(plain.getAlias());
        assertEquals(ConsumerMode.EXACTLY_ONCE, new ObjectDistroStream<>(ConsumerMode.EXACTLY_ONCE).getConsumerMode());
        ObjectDistroStream<String> named = new ObjectDistroStream<>("named", ConsumerMode.AT_LEAST_ONCE);
        ObjectDistroStream<String> attached = new ObjectDistroStream<>("named");
        assertEquals(named.getId(), attached.getId());
        assertEquals(ConsumerMode.AT_LEAST_ONCE, attached.getConsumerMode(), "the creator's mode wins");
        assertNotEquals(plain.getId(), named.getId());
        assertThrows(RegistrationException.class, () -> new FileDistroStream("named", "/tmp/x"));
    }

    @Test
    void withoutServerTheConstructorSaysHowToSetIt() {
        DistroStreamClient.install(null);
        if (System.getenv("BRAID_STREAM_SERVER") != null || System.getProperty("braid.stream.server") != null) {
            return;
        }
        RegistrationException e = assertThrows(RegistrationException.class, ObjectDistroStream::new);
        assertTrue(e.getMessage().contains("BRAID_STREAM_SERVER"), e.getMessage());
    }

    @Test
    void publishedValuesArePolledThenDrainedAfterClose() throws Exception {
        ObjectDistroStream<Object> stream = new ObjectDistroStream<>();
        assertEquals(List.of(), stream.poll());
        stream.publish("one");
        stream.publish(List.of(2, LocalDate.of(2024, 1, 2), Map.of("k", List.of(1, 2))));
        assertFalse(stream.isClosed());
        List<Object> got = new ArrayList<>(stream.poll(1000));
        stream.publish(List.of("late-1", "late-2"));
        stream.close();
        assertTrue(stream.isClosed());
        got.addAll(stream.poll());
        assertEquals(List.of("one", 2, LocalDate.of(2024, 1, 2), Map.of("k", List.of(1, 2)), "late-1", "late-2"), got);
        BackendException e = assertThrows(BackendException.class, () -> stream.publish("after close"));
        assertTrue(e.getMessage().contains(stream.getId()), e.getMessage());
    }

    @Test
    void handleDeserialisedInAnotherProcessReadsAndClosesThere() throws Exception {
        ObjectDistroStream<Integer> producerSide = new ObjectDistroStream<>("nums");
        byte[] shipped;
        {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(b)) {
                out.writeObject(producerSide);
            }
            shipped = b.toByteArray();
        }
        DistroStreamClient consumerProcess = s.client("app");
        DistroStreamClient producerProcess = DistroStreamClient.install(consumerProcess);
        @SuppressWarnings("unchecked")
        ObjectDistroStream<Integer> consumerSide = (ObjectDistroStream<Integer>)
                new ObjectInputStream(new ByteArrayInputStream(shipped)).readObject();
        assertEquals(producerSide.getId(), consumerSide.getId());
        assertEquals("nums", consumerSide.getAlias());
        assertFalse(consumerSide.isClosed());
        DistroStreamClient.install(producerProcess);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<List<Integer>> reading = pool.submit(() -> pollAll(consumerSide));
            for (int i = 0; i < 100; i++) {
                producerSide.publish(i);
            }
            producerSide.close();
            List<Integer> got = reading.get(10, TimeUnit.SECONDS);
            assertEquals(100, got.size());
            assertEquals(java.util.stream.IntStream.range(0, 100).boxed().toList(), got);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void streamWithTwoWritersClosesAfterBoth() throws Exception {
        ObjectDistroStream<String> a = new ObjectDistroStream<>();
        ObjectDistroStream<String> b = copy(a); // another handle on the same stream (same process)
        a.publish("a");
        b.publish("b");
        a.close();
        assertFalse(b.isClosed());
        b.close();
        assertTrue(a.isClosed());
        assertEquals(List.of("a", "b"), pollAll(a));
    }

    @Test
    void writerThatDiesWithoutClosingIsDroppedAfterGrace() throws Exception {
        DistroStreamClient reader = s.client("app");
        DistroStreamClient writer = s.client("app");
        DistroStreamClient.install(writer);
        ObjectDistroStream<String> w = new ObjectDistroStream<>();
        w.publish("x");
        DistroStreamClient.install(reader);
        ObjectDistroStream<String> r = copy(w);
        assertFalse(r.isClosed());
        DistroStreamClient.install(null);
        writer.close();
        long deadline = System.currentTimeMillis() + 3000;
        List<String> got = new ArrayList<>();
        DistroStreamClient.install(reader);
        while (!r.isClosed() && System.currentTimeMillis() < deadline) {
            got.addAll(r.poll(50));
        }
        assertTrue(r.isClosed());
        got.addAll(r.poll());
        assertEquals(List.of("x"), got);
    }

    @Test
    void unserialisableValueIsNamed() throws Exception {
        ObjectDistroStream<Object> stream = new ObjectDistroStream<>();
        BackendException e = assertThrows(BackendException.class, () -> stream.publish(new Object()));
        assertTrue(e.getMessage().contains("java.lang.Object") && e.getMessage().contains("not Serializable")
                && e.getMessage().contains("stream " + stream.getId()), e.getMessage());
    }

    @Test
    void readOnlyHandleCannotPublishAndWriteOnlyCannotPoll() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        ObjectDistroStream<String> taskInput = copy(stream);
        StreamHandles.restrict(taskInput, StreamAccess.READ_ONLY);
        assertEquals(StreamAccess.READ_ONLY, StreamHandles.access(taskInput));
        BackendException e = assertThrows(BackendException.class, () -> taskInput.publish("no"));
        assertTrue(e.getMessage().contains("only read here") && e.getMessage().contains(stream.getId()), e.getMessage());
        taskInput.close(); // a reader's close does not close the stream
        stream.publish("yes");
        assertFalse(stream.isClosed());
        ObjectDistroStream<String> taskOutput = copy(stream);
        StreamHandles.restrict(taskOutput, StreamAccess.WRITE_ONLY);
        e = assertThrows(BackendException.class, taskOutput::poll);
        assertTrue(e.getMessage().contains("only written here"), e.getMessage());
        // The restriction travels with the handle.
        assertEquals(StreamAccess.WRITE_ONLY, StreamHandles.access(copy(taskOutput)));
        assertThrows(IllegalArgumentException.class, () -> StreamHandles.restrict(new FakeStream(), StreamAccess.READ_ONLY));
    }

    @Test
    void boundWriterClosesTheWriterRegisteredForIt() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        DistroStreamClient master = DistroStreamClient.get();
        master.registerWriter(stream.getId(), "task-1");
        master.registerWriter(stream.getId(), "task-2");
        ObjectDistroStream<String> task1 = copy(stream);
        StreamHandles.bindWriter(task1, "task-1");
        task1.publish("from task 1");
        task1.close();
        assertFalse(stream.isClosed(), "task-2 has not closed yet");
        master.closeWriter(stream.getId(), "task-2");
        assertTrue(stream.isClosed());
    }

    @Test
    void unknownIdIsNamedOnFirstUse() throws Exception {
        ObjectDistroStream<String> stream = new ObjectDistroStream<>();
        TestStreamServer other = new TestStreamServer();
        try {
            DistroStreamClient.install(other.client("app"));
            ObjectDistroStream<String> lost = copy(stream);
            BackendException e = assertThrows(BackendException.class, () -> lost.publish("x"));
            assertTrue(e.getMessage().contains("unknown stream id '" + stream.getId() + "'"), e.getMessage());
            ObjectDistroStream<String> lostReader = copy(stream);
            e = assertThrows(BackendException.class, lostReader::poll);
            assertTrue(e.getMessage().contains("unknown stream id '" + stream.getId() + "'"), e.getMessage());
            e = assertThrows(BackendException.class, () -> lostReader.poll(100));
            assertTrue(e.getMessage().contains(stream.getId()), e.getMessage());
        } finally {
            other.close();
        }
    }

    @Test
    void concurrentPublishersAndPollersOnOneHandle() throws Exception {
        ObjectDistroStream<Integer> stream = new ObjectDistroStream<>();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int base = t * 1000;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        stream.publish(base + i);
                    }
                    return null;
                }));
            }
            List<Future<List<Integer>>> readers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                readers.add(pool.submit(() -> pollAll(stream)));
            }
            for (Future<?> f : writers) {
                f.get(10, TimeUnit.SECONDS);
            }
            stream.close();
            List<Integer> all = new ArrayList<>();
            for (Future<List<Integer>> f : readers) {
                all.addAll(f.get(10, TimeUnit.SECONDS));
            }
            assertEquals(200, all.size());
            assertEquals(200, new java.util.HashSet<>(all).size());
        } finally {
            pool.shutdownNow();
        }
    }

    private static final class FakeStream implements DistroStream<String> {
        public String getId() {
            return "x";
        }

        public String getAlias() {
            return null;
        }

        public StreamType getStreamType() {
            return StreamType.OBJECT;
        }

        public ConsumerMode getConsumerMode() {
            return ConsumerMode.AT_MOST_ONCE;
        }

        public void publish(String element) {
        }

        public void publish(List<String> elements) {
        }

        public List<String> poll() {
            return List.of();
        }

        public List<String> poll(long timeoutMs) {
            return List.of();
        }

        public boolean isClosed() {
            return false;
        }

        public void close() {
        }
    }
}
