package io.braid.streams;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.streams.internals.protocol.StreamSecretFile;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.kafka.KafkaBrokerMain;
import io.braid.streams.internals.kafka.KafkaObjectBackend;
import io.braid.streams.internals.server.DistroStreamServer;
import io.braid.streams.internals.server.KafkaMode;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code braid-stream-server --kafka=host:port}: object streams on a Kafka broker running in
 * another JVM ({@link KafkaBrokerMain}), the server starting none of its own.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ObjectDistroStreamExternalKafkaTest {

    static Process broker;
    static String bootstrap;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", KafkaBrokerMain.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String first = firstLine(new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8)), 90);
        assertTrue(first != null && first.startsWith("KAFKA=127.0.0.1:"), "broker's first line: " + first);
        bootstrap = first.substring("KAFKA=".length());
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.getOutputStream().close(); // the broker stops when its stdin closes
            if (!broker.waitFor(30, TimeUnit.SECONDS)) {
                broker.destroyForcibly();
            }
        }
    }

    @Test
    void standaloneServerUsesTheExternalBrokerAndStartsNone() throws Exception {
        Path work = tmp.resolve("work");
        Path serverLog = tmp.resolve("server.err");
        ProcessBuilder pb = new ProcessBuilder(script().toString(), "--port=0", "--host=127.0.0.1",
                "--kafka=" + bootstrap, "--work_dir=" + work).redirectError(serverLog.toFile());
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process server = pb.start();
        DistroStreamClient producer = null;
        DistroStreamClient consumer = null;
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String first = firstLine(lines, 60);
            assertTrue(first != null && first.startsWith("BRAID_STREAM_SERVER="), "server's first line: " + first);
            String address = first.substring("BRAID_STREAM_SERVER=".length());
            String second = firstLine(lines, 10);
            assertTrue(second != null && second.startsWith(StreamSecretFile.ENV + "="), "server's second line: " + second);
            ConnectionSecurity security = StreamSecretFile.read(Path.of(second.substring(second.indexOf('=') + 1)));
            producer = new DistroStreamClient(address, "ext-app", null, DistroStreamClient.DEFAULT_REQUEST_TIMEOUT_MS, security);
            consumer = new DistroStreamClient(address, "ext-app", null, DistroStreamClient.DEFAULT_REQUEST_TIMEOUT_MS, security);
            assertEquals(bootstrap, ObjectDistroStreamKafkaTest.bootstrapHandedOutBy(address, security),
                    "the server hands out the external broker");

            DistroStreamClient.install(producer);
            ObjectDistroStream<String> out = new ObjectDistroStream<>("ext", ConsumerMode.EXACTLY_ONCE);
            DistroStreamClient.install(consumer);
            ObjectDistroStream<String> in = new ObjectDistroStream<>("ext");
            assertEquals(out.getId(), in.getId());
            assertEquals(List.of(), in.poll());
            DistroStreamClient.install(producer);
            List<String> sent = IntStream.range(0, 40).mapToObj(i -> "v" + i).toList();
            out.publish(sent.subList(0, 10));
            for (String v : sent.subList(10, sent.size())) {
                out.publish(v);
            }
            out.close();
            DistroStreamClient.install(consumer);
            List<String> got = ObjectDistroStreamTest.pollAll(in);
            assertEquals(sent.size(), got.size(), "each record once: " + got);
            assertEquals(new TreeSet<>(sent), new TreeSet<>(got));

            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                assertTrue(admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(KafkaObjectBackend.topicName(out.getId())),
                        "the stream's topic is on the external broker");
            }
            assertFalse(Files.exists(work.resolve("kafka")), "the server made no broker directory");
            assertFalse(Files.readString(serverLog).contains("embedded Kafka broker"), Files.readString(serverLog));
        } catch (Exception | AssertionError e) {
            // A failure here once lost the server's side of the story: keep its log and exit status.
            throw new AssertionError("server " + (server.isAlive() ? "alive" : "exited " + server.exitValue())
                    + ", its log:\n" + Files.readString(serverLog), e);
        } finally {
            DistroStreamClient.install(null);
            if (producer != null) {
                producer.close();
            }
            if (consumer != null) {
                consumer.close();
            }
            server.destroy();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void unreachableKafkaIsNamedWhenAnObjectStreamIsCreated() throws Exception {
        String nowhere = "127.0.0.1:" + freePort();
        try (DistroStreamServer server = DistroStreamServer.start("127.0.0.1", 0, KafkaMode.external(nowhere), tmp);
             DistroStreamClient c = new DistroStreamClient(server.address(), "app", null)) {
            DistroStreamClient.install(c);
            new FileDistroStream(tmp.resolve("files").toString()); // file streams do not need Kafka
            RegistrationException e = assertThrows(RegistrationException.class, () -> new ObjectDistroStream<String>("x"));
            assertTrue(e.getMessage().contains(nowhere), e.getMessage());
        } finally {
            DistroStreamClient.install(null);
        }
    }

    @Test
    void malformedKafkaAddressStopsTheServerWithUsage() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(script().toString(), "--kafka=nohost").redirectErrorStream(true);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), all);
        assertTrue(all.contains("bad Kafka address 'nohost'") && all.contains("usage:"), all);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Path script() {
        return Path.of(System.getProperty("user.dir")).resolve("../scripts/braid-stream-server").normalize();
    }

    private static String firstLine(BufferedReader out, int timeoutSeconds) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (Exception e) {
                return null;
            }
        }).get(timeoutSeconds, TimeUnit.SECONDS);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
