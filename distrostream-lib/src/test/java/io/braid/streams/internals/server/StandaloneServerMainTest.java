package io.braid.streams.internals.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.protocol.StreamSecretFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StandaloneServerMainTest {

    /** A server started through the script on this JVM's test classpath; its first two stdout lines. */
    private record Started(Process process, String address, Path secretFile) implements AutoCloseable {
        int port() {
            return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy(); // SIGTERM: the shutdown hook closes the server and deletes the secret file
            assertTrue(process.waitFor(20, TimeUnit.SECONDS));
        }
    }

    private static Started start(String... options) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(script().toString(), "--port=0"));
        cmd.addAll(List.of(options));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        String second = out.readLine();
        assertTrue(first != null && first.matches("BRAID_STREAM_SERVER=[0-9.]+:\\d+"), first);
        assertTrue(second != null && second.startsWith("BRAID_STREAM_SECRET_FILE=/"), second);
        return new Started(p, first.substring("BRAID_STREAM_SERVER=".length()),
                Path.of(second.substring("BRAID_STREAM_SECRET_FILE=".length())));
    }

    private static Path script() {
        Path script = Path.of(System.getProperty("user.dir")).resolve("../scripts/braid-stream-server").normalize();
        assertTrue(Files.isExecutable(script), script.toString());
        return script;
    }

    /** The file's secret admits a client, which then registers and looks up a stream. */
    private static void servesWith(String address, ConnectionSecurity security, Path dir) throws Exception {
        try (DistroStreamClient c = new DistroStreamClient(address, "app", null, 5_000, security)) {
            String id = c.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE, dir.toString()).streamId();
            assertEquals(id, c.lookupAlias("x").streamId());
        }
    }

    @Test
    void printsAddressAndSecretFileAndServesOnlyClientsWithTheSecret(@TempDir Path dir) throws Exception {
        Path file;
        try (Started s = start()) {
            assertTrue(s.address().startsWith("127.0.0.1:"), s.address());
            file = s.secretFile();
            assertEquals(Path.of(System.getProperty("user.home"), ".braid", "stream-server-" + s.port() + ".secret"), file);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            servesWith(s.address(), StreamSecretFile.read(file), dir);

            try (DistroStreamClient wrong = new DistroStreamClient(s.address(), "app", null, 5_000,
                    ConnectionSecurity.of(RunSecret.generate()))) {
                BackendException e = assertThrows(BackendException.class, () -> wrong.lookupAlias("x"));
                assertTrue(e.getMessage().contains("refused this process's proof of the secret"), e.getMessage());
            }
            // No handshake at all (a client of an older Braid, or anything else): closed, unanswered.
            try (Socket raw = new Socket("127.0.0.1", s.port())) {
                raw.getOutputStream().write(new byte[] {0, 0, 0, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9});
                raw.setSoTimeout(10_000);
                byte[] all = raw.getInputStream().readAllBytes(); // ends when the server closes
                assertEquals(38, all.length, "only the server's greeting");
            }
        }
        assertFalse(Files.exists(file), "the secret file is deleted when the server stops");
    }

    @Test
    void bindsLoopbackByDefaultAndEveryInterfaceOnlyWhenAsked(@TempDir Path dir) throws Exception {
        try (Started s = start("--secret_file=" + dir.resolve("a.secret"))) {
            assertEquals("0100007F", listeningAddress(s.port()), "default bind is 127.0.0.1");
        }
        try (Started s = start("--host=0.0.0.0", "--secret_file=" + dir.resolve("b.secret"))) {
            assertEquals("00000000", listeningAddress(s.port()), "--host=0.0.0.0 binds every interface");
            assertNotEquals("0.0.0.0", s.address().substring(0, s.address().indexOf(':')));
        }
    }

    @Test
    void tlsServerIsReachedWithTheFilesCertificateOnly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tls.secret");
        try (Started s = start("--tls", "--secret_file=" + file)) {
            assertEquals(file, s.secretFile());
            ConnectionSecurity fromFile = StreamSecretFile.read(file);
            assertTrue(fromFile.usesTls(), "the file carries the server's certificate");
            servesWith(s.address(), fromFile, dir);
            // The right secret without TLS does not get in.
            try (DistroStreamClient plain = new DistroStreamClient(s.address(), "app", null, 5_000,
                    ConnectionSecurity.of(fromFile.secret()))) {
                assertThrows(BackendException.class, () -> plain.lookupAlias("x"));
            }
        }
    }

    @Test
    void badOptionExitsWithUsage() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(script().toString(), "--bogus").redirectErrorStream(true);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue());
        assertTrue(all.contains("unknown option --bogus") && all.contains("usage:") && all.contains("--host=ADDR"), all);
    }

    /** A bad server setting, or Kafka client settings beside the embedded broker: one line, exit 2, nothing started. */
    @Test
    void badSettingsExitBeforeStarting() throws Exception {
        assertEquals("braid-stream-server: -Dbraid.streams.partitions=0: expected a number of partitions, at least 1",
                failedStart("-Dbraid.streams.partitions=0"));
        assertEquals("braid-stream-server: braid.streams.kafka.security.protocol applies to an external Kafka cluster "
                + "(--kafka=host:port), not to the embedded broker",
                failedStart("-Dbraid.streams.kafka.security.protocol=SASL_SSL"));
    }

    private static String failedStart(String jvmOption) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(script().toString(), "--port=0").redirectErrorStream(true);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        pb.environment().put("BRAID_STREAM_SERVER_JVM_OPTS", jvmOption);
        Process p = pb.start();
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), all);
        return all;
    }

    /**
     * The local address (IPv4 hex, as /proc/net/tcp writes it) of the socket listening on
     * {@code port}. Java listens on an IPv6 socket when it can: an IPv4-mapped address there
     * (::ffff:a.b.c.d) counts as a.b.c.d, and :: as 0.0.0.0 (every interface).
     */
    private static String listeningAddress(int port) throws IOException {
        String portHex = String.format("%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 3 && f[1].endsWith(":" + portHex) && f[3].equals("0A")) { // 0A: LISTEN
                    String a = f[1].substring(0, f[1].indexOf(':'));
                    if (a.length() == 32) {
                        a = a.equals("0".repeat(32)) ? "00000000"
                                : a.startsWith("0000000000000000FFFF0000") ? a.substring(24) : a;
                    }
                    return a;
                }
            }
        }
        throw new AssertionError("nothing listens on port " + port);
    }
}
