package io.braid.engine.monitor.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Learning epochs, constraint counters and choices in the Chrome trace. */
class TraceRecorderLearningTest {
    @TempDir
    Path tmp;

    @Test
    void epochsAreSpansOnALearningRowWithCountersAndInstants() throws Exception {
        TraceRecorder t = new TraceRecorder();
        t.task("n1", "io-executor-1", "app.T.w", 7, 1_000, 500, 25.0);
        t.counter("n1", "storageBW app.T.w", 900, 25.0);
        t.span("n1", "learning app.T.w", "epoch 1: 25 MB/s x4", "learning", 1_000, 800,
                Map.of("storageBW", 25.0, "concurrency", 4, "kind", "MEASURED"));
        t.instant("n1", "learning app.T.w", "chosen 50 MB/s", "learning", 2_000, Map.of("readyTasks", 12));
        t.task("n1", "io-executor-1", "app.T.plain", 8, 3_000, 10);
        Path file = tmp.resolve("t.json");
        t.write(file);
        assertEquals(2, t.spanCount(), "task spans only");

        JsonNode root = new ObjectMapper().readTree(file.toFile());
        List<String> rows = new ArrayList<>();
        JsonNode epoch = null;
        JsonNode counter = null;
        JsonNode instant = null;
        List<JsonNode> tasks = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents")) {
            switch (e.get("ph").asText()) {
                case "M" -> rows.add(e.get("args").get("name").asText());
                case "C" -> counter = e;
                case "i" -> instant = e;
                case "X" -> {
                    if (e.get("cat").asText().equals("learning")) {
                        epoch = e;
                    } else {
                        tasks.add(e);
                    }
                }
                default -> throw new AssertionError(e.toString());
            }
        }
        assertEquals(List.of("node n1", "io-executor-1", "learning app.T.w"), rows);
        assertEquals(25.0, tasks.get(0).get("args").get("storageBW").asDouble());
        assertEquals(7, tasks.get(0).get("args").get("task").asLong());
        assertFalse(tasks.get(1).get("args").has("storageBW"));
        assertEquals("epoch 1: 25 MB/s x4", epoch.get("name").asText());
        assertEquals(800, epoch.get("dur").asLong());
        assertEquals(4, epoch.get("args").get("concurrency").asInt());
        assertEquals("MEASURED", epoch.get("args").get("kind").asText());
        assertEquals(epoch.get("tid"), instant.get("tid"), "the choice is on the learning row");
        assertEquals("t", instant.get("s").asText());
        assertEquals(12, instant.get("args").get("readyTasks").asInt());
        assertEquals("storageBW app.T.w", counter.get("name").asText());
        assertEquals(25.0, counter.get("args").get("value").asDouble());
        assertEquals(0, counter.get("tid").asInt());
    }
}
