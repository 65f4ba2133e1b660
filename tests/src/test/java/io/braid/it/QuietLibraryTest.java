package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A plain Java program using the stream library (braid.jar on its class path, a standalone
 * stream server, no braid-run), as a DistroStreamLib user runs one: it logs warnings and errors
 * only, so a producer and a reader that each open Kafka clients print nothing on stderr; the
 * documented system property turns the logging up (docs/STREAMS.md, "Logging").
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class QuietLibraryTest extends ItBase {

    private static final String APP = "quiet-library-test";

    @Test
    void streamLibraryUserSeesNoInfoLinesByDefault() throws Exception {
        try (StreamJvms.Server server = StreamJvms.startServer(tmp)) {
            Path classes = BraidApp.classes("streams");
            List<String> producerErr = run(server, classes, List.of(), "producer", "streamapp.Producer", "quiet", "100");
            List<String> consumerErr = run(server, classes, List.of(), "consumer", "streamapp.Consumer", "quiet");
            assertEquals(List.of(), producerErr, "the producer's stderr");
            assertEquals(List.of(), consumerErr, "the consumer's stderr");

            List<String> loud = run(server, classes, List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=info"), "loud",
                    "streamapp.Producer", "loud", "10");
            assertTrue(loud.stream().filter(l -> l.contains(" INFO org.apache.kafka")).count() > 5,
                    () -> "with -Dorg.slf4j.simpleLogger.defaultLogLevel=info the Kafka clients' INFO lines show:\n"
                            + String.join("\n", loud));
        }
    }

    /** Runs a main of the streams app to completion (exit 0); returns its stderr lines. */
    private List<String> run(StreamJvms.Server server, Path classes, List<String> jvmOptions, String name, String main,
            String... args) throws Exception {
        Path stderr = tmp.resolve(name + ".err");
        Process p = StreamJvms.start(server, APP, jvmOptions, Map.of(), classes, stderr, main, args);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), name + " did not finish");
        assertEquals(0, p.exitValue(), () -> name + ": " + out + read(stderr));
        return Files.readAllLines(stderr);
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (java.io.IOException e) {
            return "(" + e + ")";
        }
    }
}
