package io.braid.launcher.streams;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.streams.FileDistroStream;
import io.braid.streams.internals.protocol.StreamSecretFile;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.server.KafkaMode;
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

    /** A standalone-like server with a secret of its own, written to {@code tmp/server.secret}. */
    private DistroStreamServer existing() throws IOException {
        ConnectionSecurity security = ConnectionSecurity.of(RunSecret.generate());
        DistroStreamServer server = DistroStreamServer.builder().host("127.0.0.1").kafka(KafkaMode.EMBEDDED)
                .workDir(tmp.resolve("k")).security(security).start();
        StreamSecretFile.write(Path.of(secretFile()), security, server.address());
        return server;
    }

    private String secretFile() {
        return tmp.resolve("server.secret").toString();
    }

    @Test
    void attachPointsTheMainProgramAndTheWorkersAtTheExistingServer() throws Exception {
        try (DistroStreamServer existing = existing()) {
            StreamHosting hosting = StreamHosting.attach(existing.address(), "app-1", secretFile());
            String id;
            try {
                assertEquals(existing.address(), hosting.address());
                assertEquals(List.of("-Dbraid.streams.server=" + existing.address(), "-Dbraid.app.id=app-1",
                        "-D" + StreamSecretFile.PROPERTY + "=" + secretFile()), hosting.workerJvmOptions());
                FileDistroStream s = new FileDistroStream("shared", tmp.toString());
                assertEquals(existing.address(), DistroStreamClient.get().serverAddress());
                assertFalse(s.isClosed());
                id = s.getId();
            } finally {
                hosting.close();
            }
            assertTrue(System.getProperty(DistroStreamClient.SERVER_PROPERTY) == null, "properties cleared");
            // The existing server keeps running: a second run attaches and finds the same stream by alias.
            StreamHosting again = StreamHosting.attach(existing.address(), "app-2", secretFile());
            try {
                FileDistroStream s = new FileDistroStream("shared", tmp.toString());
                assertEquals(id, s.getId());
            } finally {
                again.close();
            }
        }
    }

    /** The master's Kafka client settings (an external cluster's SASL/TLS) reach the workers' clients too. */
    @Test
    void theMastersKafkaClientSettingsGoToTheWorkers() throws Exception {
        System.setProperty("braid.streams.kafka.security.protocol", "SASL_SSL");
        try (DistroStreamServer existing = existing()) {
            StreamHosting hosting = StreamHosting.attach(existing.address(), "app-1", secretFile());
            try {
                assertTrue(hosting.workerJvmOptions().contains("-Dbraid.streams.kafka.security.protocol=SASL_SSL"),
                        hosting.workerJvmOptions()::toString);
            } finally {
                hosting.close();
            }
        } finally {
            System.clearProperty("braid.streams.kafka.security.protocol");
        }
    }

    @Test
    void aRunThatUsesObjectStreamsHasItsWorkersPrepareThem() throws Exception {
        try (DistroStreamServer existing = existing()) {
            StreamHosting hosting = StreamHosting.attach(existing.address(), "app-1", secretFile());
            try {
                hosting.prepareObjectStreams();
                assertEquals(List.of("-Dbraid.streams.server=" + existing.address(), "-Dbraid.app.id=app-1",
                        "-D" + DistroStreamClient.PREPARE_PROPERTY + "=true", "-D" + StreamSecretFile.PROPERTY + "=" + secretFile()),
                        hosting.workerJvmOptions());
            } finally {
                hosting.close();
            }
        }
    }

    @Test
    void aMalformedAddressOrNoServerIsReportedWithTheAddress() throws Exception {
        IOException bad = assertThrows(IOException.class, () -> StreamHosting.attach("nohostport", "a", secretFile()));
        assertEquals("'nohostport' is not host:port", bad.getMessage());
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String address = "127.0.0.1:" + port;
        IOException none = assertThrows(IOException.class, () -> StreamHosting.attach(address, "a", secretFile()));
        assertTrue(none.getMessage().startsWith("no stream server answers at " + address + " ("), none.getMessage());
    }

    @Test
    void attachingWithoutTheServersSecretFileIsRefusedNamingTheVariable() throws Exception {
        try (DistroStreamServer existing = existing()) {
            IOException e = assertThrows(IOException.class, () -> StreamHosting.attach(existing.address(), "a", null));
            assertEquals("set BRAID_STREAM_SECRET_FILE to the secret file that server printed (its second line) too",
                    e.getMessage());
            IOException missing = assertThrows(IOException.class,
                    () -> StreamHosting.attach(existing.address(), "a", tmp.resolve("nope").toString()));
            assertTrue(missing.getMessage().contains("nope"), missing.getMessage());
        }
    }
}
