package io.braid.streams.internals.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;
import io.braid.comm.tls.SelfSignedCertificates;
import io.braid.streams.internals.protocol.StreamSecretFile;
import io.braid.streams.internals.settings.StreamSettings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code braid-stream-server [--port=N] [--kafka=embedded|host:port] [--host=ADDR] [--work_dir=DIR]
 * [--tls] [--secret_file=FILE]}: runs a stream server until killed. The first line on stdout is
 * {@code BRAID_STREAM_SERVER=host:port} (what clients set the environment variable of that name
 * to), the second {@code BRAID_STREAM_SECRET_FILE=path}: the file (mode 0600) with the secret a
 * client must prove, generated at start, and with {@code --tls} the server's certificate. Logs go
 * to stderr.
 */
public final class StandaloneServerMain {

    /** Where the secret file goes unless {@code --secret_file} says: {@code ~/.braid/stream-server-<port>.secret}. */
    static final String DEFAULT_SECRET_DIR = ".braid";

    static final OptionSpec PORT = OptionSpec.value("--port", "N", "0", "port to listen on (0: any free port)");
    static final OptionSpec KAFKA = OptionSpec.value("--kafka", "embedded|host:port", "embedded", "embedded: a "
            + "single-node broker started on first use of an object stream; or the bootstrap address of an existing "
            + "Kafka cluster");
    static final OptionSpec HOST = OptionSpec.value("--host", "ADDR", "127.0.0.1", "address to bind (127.0.0.1: this "
            + "machine only; 0.0.0.0: every interface, the printed address is then this host's)");
    static final OptionSpec WORK_DIR = OptionSpec.value("--work_dir", "DIR", "", "where the embedded broker keeps "
            + "its data (default: a temporary directory)");
    static final OptionSpec TLS = OptionSpec.flag("--tls", List.of(), "encrypt connections (TLS 1.3, a self-signed "
            + "certificate made at start; clients find it in the secret file)");
    static final OptionSpec SECRET_FILE = OptionSpec.value("--secret_file", "FILE", "", "where to write the secret "
            + "clients must prove, mode 0600 (default: ~/.braid/stream-server-<port>.secret; deleted when the server stops)");
    static final OptionSpec HELP = OptionSpec.flag("--help", List.of("-h"), "print this help and exit");
    /** The server's options, declared once: the parser and {@link #USAGE} use them. */
    public static final List<OptionSpec> OPTIONS = List.of(PORT, KAFKA, HOST, WORK_DIR, TLS, SECRET_FILE, HELP);

    static final String USAGE = "usage: braid-stream-server " + String.join(" ", OPTIONS.stream()
            .filter(o -> o != HELP).map(o -> "[" + (o.isFlag() ? o.name() : o.name() + "=" + o.valueName()) + "]").toList())
            + "\n" + CommandLine.help(OPTIONS)
            + "Prints BRAID_STREAM_SERVER=host:port, then BRAID_STREAM_SECRET_FILE=FILE: clients outside braid-run"
            + " export both.";

    private StandaloneServerMain() {
    }

    /**
     * The server's settings ({@link StreamSettings}) checked before it starts, so a bad value is
     * one line and exit 2. Client settings of Kafka ({@code braid.streams.kafka.*}) are for an
     * external cluster: the embedded broker has no SASL or TLS listener they could apply to.
     */
    private static int port(String text) {
        try {
            int port = Integer.parseInt(text.trim());
            if (port >= 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--port=" + text + ": expected a port number, 0 to 65535");
    }

    static void checkSettings(KafkaMode kafka) {
        StreamSettings.PARTITIONS.get();
        StreamSettings.WRITER_GRACE_MS.get();
        Map<String, String> clientSettings = StreamSettings.KAFKA.values();
        if (kafka.embedded() && !clientSettings.isEmpty()) {
            throw new IllegalArgumentException(StreamSettings.KAFKA.prefix() + clientSettings.keySet().iterator().next()
                    + " applies to an external Kafka cluster (--kafka=host:port), not to the embedded broker");
        }
    }

    public static void main(String[] args) throws Exception {
        int port;
        String host;
        KafkaMode kafka;
        Path workDir;
        Path secretFile;
        boolean tls;
        try {
            CommandLine.Parsed o = CommandLine.parse(OPTIONS, args, CommandLine.Style.OPTIONS_ONLY);
            if (o.isSet(HELP)) {
                System.out.println(USAGE);
                return;
            }
            port = port(o.get(PORT));
            host = o.get(HOST);
            kafka = KafkaMode.parse(o.get(KAFKA));
            workDir = o.get(WORK_DIR).isEmpty() ? null : Path.of(o.get(WORK_DIR));
            secretFile = o.get(SECRET_FILE).isEmpty() ? null : Path.of(o.get(SECRET_FILE)).toAbsolutePath();
            tls = o.isSet(TLS);
        } catch (IllegalArgumentException e) {
            System.err.println("braid-stream-server: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        try {
            checkSettings(kafka);
        } catch (IllegalArgumentException e) {
            System.err.println("braid-stream-server: " + e.getMessage());
            System.exit(2);
            return;
        }
        ConnectionSecurity security = ConnectionSecurity.of(RunSecret.generate());
        if (tls) {
            security = security.withTls(SelfSignedCertificates.generate("braid-stream-server", Duration.ofDays(365)));
        }
        DistroStreamServer server;
        Path written;
        try {
            server = DistroStreamServer.builder().host(host).port(port).kafka(kafka)
                    .workDir(workDir == null ? null : Files.createDirectories(workDir)).security(security).start();
            written = secretFile != null ? secretFile : Path.of(System.getProperty("user.home"), DEFAULT_SECRET_DIR,
                    "stream-server-" + server.port() + ".secret");
            try {
                StreamSecretFile.write(written, security, server.address());
            } catch (IOException e) {
                server.close();
                throw new IOException("cannot write the secret file " + written + ": " + e.getMessage(), e);
            }
        } catch (IOException e) {
            System.err.println("braid-stream-server: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            try {
                Files.deleteIfExists(written);
            } catch (IOException e) {
                System.err.println("braid-stream-server: cannot delete " + written + ": " + e.getMessage());
            }
            stopped.countDown();
        }, "stream-server-shutdown"));
        System.out.println("BRAID_STREAM_SERVER=" + server.address());
        System.out.println(StreamSecretFile.ENV + "=" + written);
        System.out.flush();
        stopped.await();
    }
}
