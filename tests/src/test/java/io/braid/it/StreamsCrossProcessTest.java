package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Distributed Stream Library across processes, as docs/STREAMS.md shows it: a standalone
 * server (scripts/braid-stream-server), a producer JVM and a consumer JVM that attaches by alias
 * after the producer has finished, and reads every record with "poll until closed, then poll
 * once more".
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StreamsCrossProcessTest extends ItBase {

    @Test
    void consumerInAnotherJvmAttachesByAliasAndReadsEverything() throws Exception {
        Process server = new ProcessBuilder(Repo.root().resolve("scripts/braid-stream-server").toString(), "--port=0",
                "--host=127.0.0.1", "--work_dir=" + tmp.resolve("server")).redirectError(tmp.resolve("server.err").toFile())
                .start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String first = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (Exception e) {
                    return null;
                }
            }).get(60, TimeUnit.SECONDS);
            assertTrue(first != null && first.startsWith("BRAID_STREAM_SERVER=127.0.0.1:"), "first line: " + first);
            String address = first.substring("BRAID_STREAM_SERVER=".length());
            Path classes = BraidApp.classes("streams");

            int n = 300;
            // The producer creates the stream, publishes and exits; records stay until a reader of the
            // application takes them, so the consumer, started afterwards in its own JVM, reads them all.
            Process producer = java(address, classes, "streamapp.Producer", "sensor", String.valueOf(n));
            assertTrue(producer.waitFor(90, TimeUnit.SECONDS), "producer did not finish");
            String produced = new String(producer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, producer.exitValue(), produced);
            assertTrue(produced.startsWith("published " + n + " on "), produced);

            Process consumer = java(address, classes, "streamapp.Consumer", "sensor");
            assertTrue(consumer.waitFor(90, TimeUnit.SECONDS), "consumer did not finish");
            String text = new String(consumer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, consumer.exitValue(), text);
            long expectedSum = 0;
            for (long i = 1; i <= n; i++) {
                expectedSum += i * i;
            }
            String streamId = produced.trim().substring(produced.lastIndexOf(' ') + 1);
            assertTrue(text.contains("attached " + streamId + " mode AT_LEAST_ONCE"), () -> "same stream, creator's mode: " + text);
            assertTrue(text.contains("read " + n + " sum " + expectedSum), text);
        } finally {
            server.destroy();
            server.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private Process java(String server, Path classes, String main, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", Repo.braidJar() + java.io.File.pathSeparator + classes, main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("BRAID_STREAM_SERVER", server);
        pb.environment().put("BRAID_APP_ID", "cross-process-test");
        return pb.start();
    }
}
