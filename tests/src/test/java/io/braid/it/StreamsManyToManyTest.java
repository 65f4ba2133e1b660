package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * N-M through the public API across JVMs: a standalone server, 2 producer JVMs and 3 consumer JVMs
 * of one application, all attached by alias, on six streams at once (object and file streams in
 * each consumer mode), so one run of the JVMs serves every case. The consumers join first; the
 * producers then publish (object streams) or write files into the base directory (file streams)
 * while the consumers poll; once both producers are writers of every stream they close them, and
 * the consumers poll until {@code isClosed()}, then once more. The same server also serves a check
 * of the serializer chosen per process across JVMs.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class StreamsManyToManyTest {

    static final int PER_PRODUCER = 100;
    static final List<String> PRODUCERS = List.of("p1", "p2");
    static final int CONSUMERS = 3;
    static final String APP = "many-to-many-test";

    @TempDir
    static Path tmp;
    static StreamJvms.Server server;
    /** alias -> what each consumer read. */
    static final Map<String, List<List<String>>> READ = new HashMap<>();

    @BeforeAll
    static void runProducersAndConsumers() throws Exception {
        server = StreamJvms.startServer(tmp);
        StreamJvms.startKafka(server);
        Path classes = BraidApp.classes("streams");
        List<String> specs = new ArrayList<>();
        for (String mode : List.of("AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE")) {
            specs.add("object:" + alias("object", mode) + ":" + mode);
            Path dir = Files.createDirectories(tmp.resolve("files-" + mode));
            specs.add("file:" + alias("file", mode) + ":" + mode + ":" + dir);
        }
        List<Process> consumers = new ArrayList<>();
        List<Process> producers = new ArrayList<>();
        try {
            // Consumers first, each a reader of every stream before the producers start (so that the
            // JVMs' first contacts with Kafka are not all at once on a loaded machine); then they
            // poll while the producers publish.
            List<BufferedReader> consumerLines = new ArrayList<>();
            for (int c = 1; c <= CONSUMERS; c++) {
                Process p = StreamJvms.start(server, APP, classes, tmp.resolve("c" + c + ".err"),
                        "streamapp.MultiConsumer", specs.toArray(String[]::new));
                consumers.add(p);
                consumerLines.add(StreamJvms.lines(p));
            }
            for (int c = 1; c <= CONSUMERS; c++) {
                assertNotNull(StreamJvms.awaitLine(consumerLines.get(c - 1), "joined", 150), "consumer c" + c
                        + " did not join" + stderr("c" + c) + StreamJvms.threadsOf(consumers.get(c - 1)));
            }
            List<CompletableFuture<String>> consumerOutputs = consumerLines.stream().map(StreamJvms::rest).toList();
            for (String name : PRODUCERS) {
                List<String> args = new ArrayList<>(List.of(name, String.valueOf(PER_PRODUCER)));
                args.addAll(specs);
                producers.add(StreamJvms.start(server, APP, classes, tmp.resolve(name + ".err"),
                        "streamapp.MultiProducer", args.toArray(String[]::new)));
            }
            // Both producers are writers of every stream before either closes one.
            List<BufferedReader> producerLines = new ArrayList<>();
            for (int i = 0; i < producers.size(); i++) {
                BufferedReader in = StreamJvms.lines(producers.get(i));
                producerLines.add(in);
                assertNotNull(StreamJvms.awaitLine(in, "ready", 150), "producer " + PRODUCERS.get(i) + " not ready"
                        + stderr(PRODUCERS.get(i)) + StreamJvms.threadsOf(producers.get(i)));
            }
            for (Process p : producers) {
                OutputStream stdin = p.getOutputStream();
                stdin.write('\n');
                stdin.flush();
            }
            for (int i = 0; i < producers.size(); i++) {
                assertTrue(producers.get(i).waitFor(60, TimeUnit.SECONDS), "producer " + PRODUCERS.get(i) + " did not exit");
                assertEquals(0, producers.get(i).exitValue(), stderr(PRODUCERS.get(i)));
                assertEquals("closed", StreamJvms.readLine(producerLines.get(i), 10));
            }
            for (int c = 0; c < CONSUMERS; c++) {
                String name = "c" + (c + 1);
                Process consumer = consumers.get(c);
                assertTrue(consumer.waitFor(150, TimeUnit.SECONDS), () -> "consumer " + name + " did not finish"
                        + stderr(name) + StreamJvms.threadsOf(consumer));
                String out = consumerOutputs.get(c).get(10, TimeUnit.SECONDS);
                assertEquals(0, consumers.get(c).exitValue(), out + stderr(name));
                parse(out);
            }
        } finally {
            producers.forEach(Process::destroyForcibly);
            consumers.forEach(Process::destroyForcibly);
        }
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE"})
    void objectStreamDeliversEveryRecordToTheConsumers(String mode) {
        check(alias("object", mode), mode, "");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE"})
    void fileStreamDeliversEveryPathToTheConsumers(String mode) {
        check(alias("file", mode), mode, ".txt");
    }

    /**
     * The serializer is chosen per process (here by environment variable): a consumer with the
     * producer's reads everything, one with the default is told which serializers differ.
     */
    @Test
    void serializerChosenPerProcessMustMatchAcrossJvms() throws Exception {
        Path classes = BraidApp.classes("streams");
        Map<String, String> utf8 = Map.of("BRAID_STREAMS_SERIALIZER", "streamapp.Utf8Strings");
        String spec = "object:nm-serializer:AT_MOST_ONCE";
        // Two applications: each sees every record.
        Process same = StreamJvms.start(server, "ser-utf8", utf8, classes, tmp.resolve("ser-same.err"),
                "streamapp.MultiConsumer", spec);
        Process other = StreamJvms.start(server, "ser-java", Map.of(), classes, tmp.resolve("ser-other.err"),
                "streamapp.MultiConsumer", spec);
        Process producer = null;
        try {
            BufferedReader sameLines = StreamJvms.lines(same);
            assertNotNull(StreamJvms.awaitLine(sameLines, "joined", 150), stderr("ser-same"));
            assertNotNull(StreamJvms.awaitLine(StreamJvms.lines(other), "joined", 150), stderr("ser-other"));
            CompletableFuture<String> sameOut = StreamJvms.rest(sameLines);
            producer = StreamJvms.start(server, "ser-producer", utf8, classes, tmp.resolve("ser-p.err"),
                    "streamapp.MultiProducer", "s", "20", spec);
            assertNotNull(StreamJvms.awaitLine(StreamJvms.lines(producer), "ready", 150), stderr("ser-p"));
            producer.getOutputStream().write('\n');
            producer.getOutputStream().flush();
            assertTrue(producer.waitFor(60, TimeUnit.SECONDS) && producer.exitValue() == 0, stderr("ser-p"));

            assertTrue(same.waitFor(150, TimeUnit.SECONDS), stderr("ser-same"));
            String read = sameOut.get(10, TimeUnit.SECONDS);
            assertEquals(0, same.exitValue(), read + stderr("ser-same"));
            assertTrue(read.startsWith("read nm-serializer 20 ") && read.contains(" s-20"), read);
            assertTrue(other.waitFor(150, TimeUnit.SECONDS), stderr("ser-other"));
            assertEquals(1, other.exitValue(), stderr("ser-other"));
            String error = stderr("ser-other");
            assertTrue(error.contains("cannot read a record of stream") && error.contains("'nm-serializer'")
                    && error.contains("written with serializer streamapp.Utf8Strings")
                    && error.contains("this process uses io.braid.streams.JavaStreamSerializer"), error);
        } finally {
            same.destroyForcibly();
            other.destroyForcibly();
            if (producer != null) {
                producer.destroyForcibly();
            }
        }
    }

    /** Every element of both producers read; exactly once unless the mode is AT_LEAST_ONCE. */
    private static void check(String alias, String mode, String suffix) {
        List<List<String>> perConsumer = READ.get(alias);
        assertEquals(CONSUMERS, perConsumer == null ? 0 : perConsumer.size(), "one result per consumer for " + alias);
        List<String> all = perConsumer.stream().flatMap(List::stream).toList();
        TreeSet<String> expected = new TreeSet<>();
        for (String p : PRODUCERS) {
            for (int i = 1; i <= PER_PRODUCER; i++) {
                expected.add(p + "-" + i + suffix);
            }
        }
        assertEquals(expected, new TreeSet<>(all), alias + ": none lost, nothing else");
        if (!mode.equals("AT_LEAST_ONCE")) {
            assertEquals(expected.size(), all.size(), alias + ": each exactly once, shares "
                    + perConsumer.stream().map(List::size).toList());
        }
    }

    static String alias(String kind, String mode) {
        return "nm-" + kind + "-" + mode;
    }

    /** "read &lt;alias&gt; &lt;count&gt; &lt;value&gt;..." lines of one consumer. */
    private static void parse(String out) {
        for (String line : out.split("\n")) {
            String[] w = line.trim().split(" ");
            if (w.length < 3 || !w[0].equals("read")) {
                continue;
            }
            List<String> values = Arrays.asList(w).subList(3, w.length);
            assertEquals(Integer.parseInt(w[2]), values.size(), line);
            READ.computeIfAbsent(w[1], k -> new ArrayList<>()).add(values);
        }
    }

    private static String stderr(String process) {
        try {
            return "\n--- stderr of " + process + ":\n" + Files.readString(tmp.resolve(process + ".err"));
        } catch (IOException e) {
            return "";
        }
    }
}
