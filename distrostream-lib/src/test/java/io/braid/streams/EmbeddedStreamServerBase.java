package io.braid.streams;

import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.server.KafkaMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Base of tests that run object streams on a real stream server with its embedded broker (one per
 * test class), with several clients of application "app" in this JVM standing for processes.
 */
abstract class EmbeddedStreamServerBase {

    @TempDir
    static Path tmp;
    static DistroStreamServer server;
    /** For unique stream aliases. */
    static final AtomicInteger STREAMS = new AtomicInteger();
    final List<DistroStreamClient> clients = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.EMBEDDED, tmp.resolve("work"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @AfterEach
    void closeClients() {
        DistroStreamClient.install(null);
        clients.forEach(DistroStreamClient::close);
    }

    /** Polls {@code condition} until it holds, failing after 30 s (no sleep stands for an event). */
    static void eventually(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(5);
        }
    }

    /** A new client ("process") of application "app". */
    DistroStreamClient client() {
        DistroStreamClient c = new DistroStreamClient(server.address(), "app", null);
        clients.add(c);
        return c;
    }

    /** A copy of {@code h} bound to {@code c}, as a handle deserialised in c's process. */
    static <T> ObjectDistroStream<T> in(DistroStreamClient c, ObjectDistroStream<T> h) throws Exception {
        DistroStreamClient.install(c);
        ObjectDistroStream<T> copy = ObjectDistroStreamTest.copy(h);
        copy.isClosed(); // binds the copy to c
        return copy;
    }
}
