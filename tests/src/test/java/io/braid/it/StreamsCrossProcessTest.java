package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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

    private static final String APP = "cross-process-test";

    @Test
    void consumerInAnotherJvmAttachesByAliasAndReadsEverything() throws Exception {
        try (StreamJvms.Server server = StreamJvms.startServer(tmp)) {
            Path classes = BraidApp.classes("streams");

            int n = 300;
            // The producer creates the stream, publishes and exits; records stay until a reader of the
            // application takes them, so the consumer, started afterwards in its own JVM, reads them all.
            Process producer = StreamJvms.start(server, APP, classes, null, "streamapp.Producer", "sensor",
                    String.valueOf(n));
            assertTrue(producer.waitFor(90, TimeUnit.SECONDS), "producer did not finish");
            String produced = new String(producer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, producer.exitValue(), produced);
            assertTrue(produced.startsWith("published " + n + " on "), produced);

            Process consumer = StreamJvms.start(server, APP, classes, null, "streamapp.Consumer", "sensor");
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
        }
    }
}
