package io.braid.streams.client;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.protocol.StreamInfo;
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
        assertTrue(e.getMessage().contains("-Dbraid.stream.server"), e.getMessage());
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
        assertTrue(e.getMessage().contains("nohostport") && e.getMessage().contains("-Dbraid.stream.server"),
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
        long t0 = System.nanoTime();
        BackendException e = assertThrows(BackendException.class, () -> c.lookup("x"));
        assertTrue(e.getMessage().contains("stream server 127.0.0.1:" + port), e.getMessage());
        assertTrue(System.nanoTime() - t0 < 6_000_000_000L);
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
            long t0 = System.nanoTime();
            BackendException e = assertThrows(BackendException.class, () -> c.lookup("x"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            // A silent peer is noticed at the connection's handshake, within the request timeout.
            assertTrue(e.getMessage().contains("no handshake from the server within 500 ms"), e.getMessage());
            assertTrue(ms < 3_000, ms + " ms");
            c.close();
        }
    }

    @Test
    void lostServerFailsPendingAndLaterRequestsQuickly(@TempDir Path dir) throws Exception {
        TestStreamServer s = new TestStreamServer();
        DistroStreamClient c = s.client("app");
        StreamInfo info = c.register(StreamType.FILE, null, ConsumerMode.AT_MOST_ONCE,
                dir.toString());
        String reader = c.newRoleId();
        Thread killer = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException ignored) {
                // ends early
            }
            s.server.close();
        });
        killer.start();
        long t0 = System.nanoTime();
        // A long poll in flight when the server goes away fails at once, not at its timeout.
        BackendException e = assertThrows(BackendException.class, () -> c.pollFiles(info.streamId(), reader, 60_000, 10));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e.getMessage().contains("lost") && e.getMessage().contains(s.server.address()), e.getMessage());
        assertTrue(ms < 5_000, ms + " ms");
        // A later request fails at once too: on a new connection that is refused, or (when it
        // starts before the client has dropped the old one) on the connection that was lost.
        t0 = System.nanoTime();
        e = assertThrows(BackendException.class, () -> c.lookup(info.streamId()
                + "-other"));
        ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue((e.getMessage().contains("cannot connect to stream server") || e.getMessage().contains("lost"))
                && e.getMessage().contains(s.server.address()), e.getMessage());
        assertTrue(ms < 5_000, ms + " ms");
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
