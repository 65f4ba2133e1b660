package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.server.FileQueueFactory;
import io.braid.streams.internals.server.LoopClock;
import io.braid.streams.internals.server.ObjectTopics;
import io.braid.streams.internals.server.StreamServerBuilder;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A stream server on loopback with fake Kafka topics, and clients of it ("processes"), for tests. */
public final class TestStreamServer implements AutoCloseable {

    public final FakeTopics topics = new FakeTopics();
    public final DistroStreamServer server;
    private final List<DistroStreamClient> clients = new CopyOnWriteArrayList<>();

    public TestStreamServer(long writerGraceMs, FileQueueFactory fileQueues) throws IOException {
        this(writerGraceMs, fileQueues, null);
    }

    /** {@code clock}: the server's timers (null: the system's). */
    public TestStreamServer(long writerGraceMs, FileQueueFactory fileQueues, LoopClock clock) throws IOException {
        StreamServerBuilder b = DistroStreamServer.builder().host("127.0.0.1").port(0)
                .writerGraceMs(writerGraceMs).objectTopics(topics).clock(clock);
        if (fileQueues != null) {
            b.fileQueues(fileQueues);
        }
        server = b.start();
    }

    public TestStreamServer() throws IOException {
        this(30_000, null);
    }

    /** A new client ("process") of application {@code app}, with the in-memory object backend. */
    public DistroStreamClient client(String app) {
        DistroStreamClient c = new DistroStreamClient(server.address(), app, InMemoryObjectBackend.FACTORY, 5_000);
        clients.add(c);
        return c;
    }

    /** Like {@link #client} and makes it this JVM's process client. */
    public DistroStreamClient install(String app) {
        DistroStreamClient c = client(app);
        DistroStreamClient.install(c);
        return c;
    }

    @Override
    public void close() {
        DistroStreamClient.install(null);
        clients.forEach(DistroStreamClient::close);
        server.close();
    }

    /**
     * Kafka stand-in: remembers the topics it was asked to create. Like an embedded broker when
     * {@link #background} is set; creation waits for {@link #gate} and fails with {@link #failure}
     * when they are set.
     */
    public static final class FakeTopics implements ObjectTopics {
        public final List<String> created = new CopyOnWriteArrayList<>();
        public volatile boolean closed;
        public volatile boolean background;
        public volatile java.util.concurrent.CountDownLatch gate;
        public volatile String failure;
        /** Counted down by {@link #prepare()}. */
        public final java.util.concurrent.CountDownLatch prepared = new java.util.concurrent.CountDownLatch(1);

        @Override
        public void prepare() {
            prepared.countDown();
        }

        @Override
        public String bootstrap() {
            return "fake-kafka:9092";
        }

        @Override
        public boolean createsTopicsInBackground() {
            return background;
        }

        @Override
        public void createTopic(String streamId) throws BackendException {
            java.util.concurrent.CountDownLatch g = gate;
            if (g != null) {
                try {
                    g.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new BackendException("interrupted", e);
                }
            }
            if (failure != null) {
                throw new BackendException(failure);
            }
            created.add(streamId);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
