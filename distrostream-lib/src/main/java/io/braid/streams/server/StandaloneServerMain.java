package io.braid.streams.server;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.tls.SelfSignedCertificates;
import io.braid.streams.protocol.StreamSecretFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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

    static final String USAGE = "usage: braid-stream-server [--port=N] [--kafka=embedded|host:port] [--host=ADDR]"
            + " [--work_dir=DIR] [--tls] [--secret_file=FILE]\n"
            + "  --port=N            port to listen on (default 0: any free port)\n"
            + "  --kafka=...         embedded (default: a single-node broker started on first use of an object stream)"
            + " or the bootstrap address of an existing Kafka cluster\n"
            + "  --host=ADDR         address to bind (default 127.0.0.1: this machine only; 0.0.0.0: every interface,"
            + " the printed address is then this host's)\n"
            + "  --work_dir=DIR      where the embedded broker keeps its data (default: a temporary directory)\n"
            + "  --tls               encrypt connections (TLS 1.3, a self-signed certificate made at start; clients"
            + " find it in the secret file)\n"
            + "  --secret_file=FILE  where to write the secret clients must prove, mode 0600 (default:"
            + " ~/.braid/stream-server-<port>.secret; deleted when the server stops)\n"
            + "Prints BRAID_STREAM_SERVER=host:port, then BRAID_STREAM_SECRET_FILE=FILE: clients outside braid-run"
            + " export both.";

    private StandaloneServerMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = 0;
        String host = "127.0.0.1";
        KafkaMode kafka = KafkaMode.EMBEDDED;
        Path workDir = null;
        Path secretFile = null;
        boolean tls = false;
        try {
            for (String a : args) {
                if (a.startsWith("--port=")) {
                    port = Integer.parseInt(a.substring("--port=".length()));
                } else if (a.startsWith("--kafka=")) {
                    kafka = KafkaMode.parse(a.substring("--kafka=".length()));
                } else if (a.startsWith("--host=")) {
                    host = a.substring("--host=".length());
                } else if (a.startsWith("--work_dir=")) {
                    workDir = Path.of(a.substring("--work_dir=".length()));
                } else if (a.startsWith("--secret_file=")) {
                    secretFile = Path.of(a.substring("--secret_file=".length())).toAbsolutePath();
                } else if (a.equals("--tls")) {
                    tls = true;
                } else if (a.equals("-h") || a.equals("--help")) {
                    System.out.println(USAGE);
                    return;
                } else {
                    throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("braid-stream-server: " + e.getMessage() + "\n" + USAGE);
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
