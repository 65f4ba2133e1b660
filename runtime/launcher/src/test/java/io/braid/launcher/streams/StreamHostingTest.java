package io.braid.launcher.streams;

import io.braid.streams.FileDistroStream;
import io.braid.streams.client.DistroStreamClient;
import io.braid.streams.server.DistroStreamServer;
import io.braid.streams.server.KafkaMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run attached to an existing stream server: its clients use that server, which outlives the run. */
class StreamHostingTest {
    @TempDir
    Path tmp;

    @Test
    void attachPointsTheMainProgramAndTheWorkersAtTheExistingServer() throws Exception {
        try (DistroStreamServer existing = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.EMBEDDED, tmp.resolve("k"))) {
            StreamHosting hosting = StreamHosting.attach(existing.address(), "app-1");
            String id;
            try {
                assertEquals(existing.address(), hosting.address());
                assertEquals(List.of("-Dbraid.stream.server=" + existing.address(), "-Dbraid.app.id=app-1"),
                        hosting.workerJvmOptions());
                FileDistroStream s = new FileDistroStream("shared", tmp.toString());
                assertEquals(existing.address(), DistroStreamClient.get().serverAddress());
                assertFalse(s.isClosed());
                id = s.getId();
            } finally {
                hosting.close();
            }
            assertTrue(System.getProperty(DistroStreamClient.SERVER_PROPERTY) == null, "properties cleared");
            // The existing server keeps running: a second run attaches and finds the same stream by alias.
            StreamHosting again = StreamHosting.attach(existing.address(), "app-2");
            try {
                FileDistroStream s = new FileDistroStream("shared", tmp.toString());
                assertEquals(id, s.getId());
            } finally {
                again.close();
            }
        }
    }

    @Test
    void aRunThatUsesObjectStreamsHasItsWorkersPrepareThem() throws Exception {
        try (DistroStreamServer existing = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.EMBEDDED, tmp.resolve("k"))) {
            StreamHosting hosting = StreamHosting.attach(existing.address(), "app-1");
            try {
                hosting.prepareObjectStreams();
                assertEquals(List.of("-Dbraid.stream.server=" + existing.address(), "-Dbraid.app.id=app-1",
                        "-D" + DistroStreamClient.PREPARE_PROPERTY + "=true"), hosting.workerJvmOptions());
            } finally {
                hosting.close();
            }
        }
    }

    @Test
    void aMalformedAddressOrNoServerIsReportedWithTheAddress() throws Exception {
        IOException bad = assertThrows(IOException.class, () -> StreamHosting.attach("nohostport", "a"));
        assertEquals("'nohostport' is not host:port", bad.getMessage());
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String address = "127.0.0.1:" + port;
        IOException none = assertThrows(IOException.class, () -> StreamHosting.attach(address, "a"));
        assertTrue(none.getMessage().startsWith("no stream server answers at " + address + " ("), none.getMessage());
    }
}
