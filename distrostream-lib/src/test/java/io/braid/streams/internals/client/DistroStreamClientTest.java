package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.protocol.StreamInfo;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import io.braid.streams.internals.protocol.FilesPolled;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DistroStreamClientTest {

    @AfterEach
    void reset() {
        System.clearProperty(DistroStreamClient.SERVER_PROPERTY);
        DistroStreamClient.closeProcessClient();
    }

    @Test
    void withoutAServerAddressGetSaysHowToSetIt() {
        DistroStreamClient.closeProcessClient();
        if (System.getenv(DistroStreamClient.SERVER_ENV) != null) {
            return; // the environment names a server: nothing to check here
        }
        BackendException e = assertThrows(BackendException.class, DistroStreamClient::get);
        assertTrue(e.getMessage().contains("BRAID_STREAM_SERVER=host:port"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dbraid.streams.server"), e.getMessage());
    }

    @Test
    void getUsesTheSystemPropertyAndIsOnePerProcess() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            System.setProperty(DistroStreamClient.SERVER_PROPERTY, s.server.address());
            DistroStreamClient c = DistroStreamClient.get();
            assertSame(c, DistroStreamClient.get());
            assertEquals(s.server.address(), c.serverAddress());
            assertFalse(c.applicationId().isBlank());
            StreamInfo info = c.register(StreamType.OBJECT, null, ConsumerMode.AT_MOST_ONCE, null);
            assertEquals(info, c.lookup(info.streamId()));
            DistroStreamClient.closeProcessClient();
            assertNotEquals(c.clientId(), DistroStreamClient.get().clientId());
        }
    }

    @Test
    void objectStreamsCanBePreparedAheadOfUseOnTheServerAndInAClient() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            s.server.prepareObjectStreams();
            assertTrue(s.topics.prepared.await(10, java.util.concurrent.TimeUnit.SECONDS), "server backend prepared");
            assertTrue(s.topics.created.isEmpty(), "no stream created by preparing");
            DistroStreamClient c = s.client("app");
            c.prepareObjectBackend();
            assertTrue(((InMemoryObjectBackend) c.objectBackend()).warmedUp, "client backend warmed up");
        }
    }

    @Test
    void badAddressIsNamed() {
        System.setProperty(DistroStreamClient.SERVER_PROPERTY, "nohostport");
        DistroStreamClient.closeProcessClient();
        BackendException e = assertThrows(BackendException.class, DistroStreamClient::get);
        assertTrue(e.getMessage().contains("nohostport") && e.getMessage().contains("-Dbraid.streams.server"),
                e.getMessage());
    }

    @Test
    void applicationIdFromPropertyElseRandomPerClient() {
        System.setProperty(DistroStreamClient.APP_ID_PROPERTY, "my-app");
        try {
            assertEquals("my-app", new DistroStreamClient("h:1", null, null).applicationId());
        } finally {
            System.clearProperty(DistroStreamClient.APP_ID_PROPERTY);
        }
        if (System.getenv(DistroStreamClient.APP_ID_ENV) == null) {
            assertNotEquals(new DistroStreamClient("h:1", null, null).applicationId(),
                    new DistroStreamClient("h:1", null, null).applicationId());
        }
    }

    @Test
    void refusedConnectionIsAClearBackendException() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        DistroStreamClient c = new DistroStreamClient("127.0.0.1:" + port, "app", InMemoryObjectBackend.FACTORY, 2_000);
        BackendException e = assertThrows(BackendException.class, () -> c.lookup("x"));
        // Refused, not timed out: the message says so (a timeout would say "did not answer").
        assertTrue(e.getMessage().contains("cannot connect to stream server 127.0.0.1:" + port), e.getMessage());
        c.close();
    }

    @Test
    void silentServerTimesOutInBoundedTime() throws Exception {
        try (ServerSocket silent = new ServerSocket(0)) {
            List<Socket> accepted = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept());
                    }
                } catch (Exception ignored) {
                    // closed
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            DistroStreamClient c = new DistroStreamClient("127.0.0.1:" + silent.getLocalPort(), "app", null, 500);
            BackendException e = assertThrows(BackendException.class, () -> c.lookup("x"));
            // A silent peer is noticed at the connection's handshake, bounded by the request timeout.
            assertTrue(e.getMessage().contains("no handshake from the server within 500 ms"), e.getMessage());
            c.close();
        }
    }

    @Test
    void lostServerFailsPendingAndLaterRequestsQuickly(@TempDir Path dir) throws Exception {
        InMemoryFileQueue queue = new InMemoryFileQueue();
        TestStreamServer s = new TestStreamServer(30_000, (id, base) -> queue);
        DistroStreamClient c = s.client("app");
        StreamInfo info = c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE,
                dir.toString());
        String reader = c.newRoleId();
        // A long poll in flight when the server goes away fails at once, not at its timeout.
        CompletableFuture<FilesPolled> poll = CompletableFuture.supplyAsync(() -> {
            try {
                return c.pollFiles(info.streamId(), reader, 600_000, 10);
            } catch (BackendException failure) {
                throw new CompletionException(failure);
            }
        });
        assertTrue(queue.taken.await(10, TimeUnit.SECONDS), "the poll reached the server");
        s.server.close();
        ExecutionException failed = assertThrows(ExecutionException.class, () -> poll.get(60, TimeUnit.SECONDS));
        String message = failed.getCause().getMessage();
        assertTrue(message.contains("lost") && message.contains(s.server.address()), message);
        // A later request fails too, not at its timeout: on a new connection that is refused, or
        // (when it starts before the client has dropped the old one) on the connection that was lost.
        BackendException e = assertThrows(BackendException.class, () -> c.lookup(info.streamId()
                + "-other"));
        assertTrue((e.getMessage().contains("cannot connect to stream server") || e.getMessage().contains("lost"))
                && e.getMessage().contains(s.server.address()), e.getMessage());
        c.close();
        s.close();
    }

    /**
     * Whether a stream is closed, when the server must be asked and cannot be: a clear error naming
     * the server, not "open" (a reader looping on it would spin while the server is gone). A
     * stream known closed stays closed.
     */
    @Test
    void isClosedWhenTheServerCannotBeAskedIsAnErrorNamingIt(@TempDir Path dir) throws Exception {
        TestStreamServer s = new TestStreamServer(30_000, (id, base) -> new InMemoryFileQueue());
        String address = s.server.address();
        DistroStreamClient c = s.client("app");
        String open = c.register(StreamType.FILE, "open", ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        String closed = c.register(StreamType.FILE, "closed", ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
        c.registerWriter(closed, "w");
        c.closeWriter(closed, "w");
        assertFalse(c.isClosed(open));
        s.server.close();
        // Until the client has seen the connection go, the pushed "open" stands; from then on it must ask.
        BackendException e = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (e == null && System.nanoTime() < deadline) {
            try {
                c.isClosed(open);
                Thread.sleep(5); // polling a condition, with a deadline
            } catch (BackendException failure) {
                e = failure;
            }
        }
        assertTrue(e != null, "isClosed answered while the server was gone");
        assertTrue(e.getMessage().contains("cannot tell whether stream " + open + " is closed")
                && e.getMessage().contains("stream server at " + address), e.getMessage());
        assertTrue(c.isClosed(closed), "a stream known closed stays closed");
        c.close();
        s.close();
    }

    @Test
    void closedClientRefusesRequests() throws Exception {
        try (TestStreamServer s = new TestStreamServer()) {
            DistroStreamClient c = s.client("app");
            c.close();
            BackendException e = assertThrows(BackendException.class, () -> c.lookup("x"));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        }
    }
}
