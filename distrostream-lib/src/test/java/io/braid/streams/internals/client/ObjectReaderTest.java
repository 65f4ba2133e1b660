package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What readers tell the stream server about their accepted records, over a real server (in-memory records). */
class ObjectReaderTest {

    TestStreamServer s;
    DistroStreamClient writer;
    String id;

    @BeforeEach
    void start() throws Exception {
        s = new TestStreamServer();
        writer = s.client("app");
        id = writer.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null).streamId();
        writer.registerWriter(id, "w");
        writer.objectBackend().publisher(id).publish(List.of(new byte[1], new byte[2], new byte[3]));
    }

    @AfterEach
    void stop() {
        s.close();
    }

    /** What the server has for {@code app}, asked without adding anything. */
    long total(String app) throws Exception {
        return s.client(app).applicationProgress(id, "probe", 0);
    }

    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void countsReachTheServerWhenTheStreamClosesNotBefore() throws Exception {
        DistroStreamClient c = s.client("app");
        c.registerReader(id, "role"); // the client knows the stream: the server tells it when it closes
        ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(3, r.poll(0).size());
        assertEquals(0, total("app"), "nothing is reported while the stream is open");
        writer.closeWriter(id, "w");
        eventually(() -> {
            try {
                return total("app") == 3;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, "the reader's count, sent on the closing push");
        assertEquals(0, total("other"), "another application's total is its own");
    }

    @Test
    void aReaderThatClosesReportsAndTheLastReadersDrainCountsIt() throws Exception {
        ObjectReader early = ObjectReader.open(s.client("app"), id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(3, early.poll(0).size());
        early.close();
        assertEquals(3, total("app"));
        writer.objectBackend().publisher(id).publish(List.of(new byte[4]));
        writer.closeWriter(id, "w");
        ObjectReader last = ObjectReader.open(s.client("app"), id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(1, last.poll(0).size(), "the drain takes the one record left");
        assertEquals(4, total("app"), "and reported it");
        assertEquals(List.of(), last.poll(0));
    }

    /**
     * A reader whose final count cannot reach the server (it is gone) says so when it closes, naming
     * itself, the stream and the server: the other readers' last poll would otherwise wait for the
     * records' lock without anyone knowing why. It has left all the same.
     */
    @Test
    void aClosingReportThatCannotReachTheServerIsAnErrorNamingReaderStreamAndServer() throws Exception {
        DistroStreamClient c = s.client("app");
        ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(3, r.poll(0).size());
        String address = s.server.address();
        s.server.close();
        BackendException e = assertThrows(BackendException.class, r::close);
        assertTrue(e.getMessage().contains("reader " + r.readerId() + " of stream " + id)
                && e.getMessage().contains("3 accepted records")
                && e.getMessage().contains("stream server at " + address), e.getMessage());
        assertTrue(c.readers().of(id).isEmpty(), "the reader left anyway");
        r.close(); // once
    }

    /** The same through the client's close: everything is closed first, then the lost report is raised. */
    @Test
    void aClientClosingWithAReportThatCannotReachTheServerClosesEverythingThenSaysSo() throws Exception {
        DistroStreamClient c = s.client("app");
        ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(3, r.poll(0).size());
        s.server.close();
        BackendException e = assertThrows(BackendException.class, c::close);
        assertTrue(e.getMessage().contains("reader " + r.readerId()), e.getMessage());
        BackendException closed = assertThrows(BackendException.class, () -> c.registerWriter(id, "w2"));
        assertTrue(closed.getMessage().contains("client of this process is closed"), closed.getMessage());
    }

    /** At a run's end the process's client is closed without an exception: the lost report is one line on stderr. */
    @Test
    void theProcessClientClosingAtTheEndSaysALostReportOnStderr() throws Exception {
        DistroStreamClient c = s.install("app");
        ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
        assertEquals(3, r.poll(0).size());
        s.server.close();
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            DistroStreamClient.closeProcessClient();
        } finally {
            System.setErr(err);
        }
        String lines = captured.toString();
        assertTrue(lines.contains("[braid] WARNING: reader " + r.readerId() + " of stream " + id), lines);
    }

    /** A subscriber of the in-memory backend whose count can rise on its own and whose close can fail, as a Kafka reader's. */
    static final class Wrapped implements io.braid.streams.internals.backend.ObjectSubscriber {
        final io.braid.streams.internals.backend.ObjectSubscriber inner;
        final java.util.concurrent.atomic.AtomicLong givenBack = new java.util.concurrent.atomic.AtomicLong();
        volatile Runnable countRose = () -> { };
        volatile BackendException closeFailure;

        Wrapped(io.braid.streams.internals.backend.ObjectSubscriber inner) {
            this.inner = inner;
        }

        /** As the reader's timer giving back {@code n} records it accepted ahead. */
        void giveBack(int n) {
            givenBack.addAndGet(n);
            countRose.run();
        }

        @Override
        public List<byte[]> poll(long timeoutMs) throws BackendException {
            return inner.poll(timeoutMs);
        }

        @Override
        public long acceptedCount() {
            return inner.acceptedCount() + givenBack.get();
        }

        @Override
        public void onCountRise(Runnable listener) {
            countRose = listener;
        }

        @Override
        public long publishedCount() throws BackendException {
            return inner.publishedCount();
        }

        @Override
        public long drainPatienceMs() {
            return inner.drainPatienceMs();
        }

        @Override
        public List<byte[]> drain() throws BackendException {
            return inner.drain();
        }

        @Override
        public void close() {
            inner.close();
            if (closeFailure != null) {
                throw closeFailure;
            }
        }
    }

    /** A client of {@code app} whose readers' subscribers are {@link Wrapped}, collected in {@code made}. */
    DistroStreamClient wrappingClient(String app, List<Wrapped> made) {
        InMemoryObjectBackend memory = new InMemoryObjectBackend();
        io.braid.streams.internals.backend.ObjectBackend backend = new io.braid.streams.internals.backend.ObjectBackend() {
            @Override
            public io.braid.streams.internals.backend.ObjectPublisher publisher(String streamId) {
                return memory.publisher(streamId);
            }

            @Override
            public io.braid.streams.internals.backend.ObjectSubscriber subscriber(String streamId, String applicationId,
                                                                                 ConsumerMode mode) {
                Wrapped w = new Wrapped(memory.subscriber(streamId, applicationId, mode));
                made.add(w);
                return w;
            }

            @Override
            public void close() {
            }
        };
        return new DistroStreamClient(s.server.address(), app, bootstrap -> backend, 5_000);
    }

    /**
     * A count that rises on the subscriber's own thread (records accepted ahead given back by its
     * timer) reaches the server at once, stream open or closed: a drain of another reader need not
     * wait for this reader's next poll or close.
     */
    @Test
    void aCountThatRisesOnItsOwnIsReportedAtOnce() throws Exception {
        List<Wrapped> made = new java.util.concurrent.CopyOnWriteArrayList<>();
        DistroStreamClient c = wrappingClient("app", made);
        try {
            ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
            assertEquals(3, r.poll(0).size());
            made.get(0).giveBack(1);
            eventually(() -> {
                try {
                    return total("app") == 4;
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }, "the count after the give-back, reported without a poll or close");
            r.close();
            assertEquals(4, total("app"));
        } finally {
            c.close();
        }
    }

    /**
     * A subscriber that could not settle what it held (records accepted ahead not given back) makes
     * the reader's close throw its error, after the reader has left and reported its count.
     */
    @Test
    void aSubscribersCloseErrorIsThrownByTheReadersCloseAfterItLeftAndReported() throws Exception {
        List<Wrapped> made = new java.util.concurrent.CopyOnWriteArrayList<>();
        DistroStreamClient c = wrappingClient("app", made);
        try {
            ObjectReader r = ObjectReader.open(c, id, ConsumerMode.AT_MOST_ONCE);
            assertEquals(3, r.poll(0).size());
            made.get(0).closeFailure = new BackendException("reader of stream " + id
                    + " could not give back the 1 records it had accepted ahead");
            made.get(0).givenBack.set(1); // counted as taken
            BackendException e = assertThrows(BackendException.class, r::close);
            assertTrue(e.getMessage().contains("could not give back the 1 records"), e.getMessage());
            assertTrue(c.readers().of(id).isEmpty(), "the reader left anyway");
            assertEquals(4, total("app"), "and reported its count");
            r.close(); // once
        } finally {
            c.close();
        }
    }
}
