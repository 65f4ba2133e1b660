package io.braid.streams.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code braid-stream-server [--port=N] [--kafka=embedded|host:port] [--host=H] [--work_dir=DIR]}:
 * runs a stream server until killed. The first line on stdout is {@code BRAID_STREAM_SERVER=host:port}
 * (what clients set the environment variable of that name to); logs go to stderr.
 */
public final class StandaloneServerMain {

    static final String USAGE = "usage: braid-stream-server [--port=N] [--kafka=embedded|host:port] [--host=H]"
            + " [--work_dir=DIR]\n"
            + "  --port=N        port to listen on (default 0: any free port)\n"
            + "  --kafka=...     embedded (default: a single-node broker started on first use of an object stream)"
            + " or the bootstrap address of an existing Kafka cluster\n"
            + "  --host=H        address to bind (default 0.0.0.0: every interface; the printed address is this host's)\n"
            + "  --work_dir=DIR  where the embedded broker keeps its data (default: a temporary directory)";

    private StandaloneServerMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = 0;
        String host = "0.0.0.0";
        KafkaMode kafka = KafkaMode.EMBEDDED;
        Path workDir = null;
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
        DistroStreamServer server;
        try {
            server = DistroStreamServer.start(host, port, kafka, workDir == null ? null : Files.createDirectories(workDir));
        } catch (IOException e) {
            System.err.println("braid-stream-server: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "stream-server-shutdown"));
        System.out.println("BRAID_STREAM_SERVER=" + server.address());
        System.out.flush();
        stopped.await();
    }
}
