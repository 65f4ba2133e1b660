package io.braid.engine.monitor.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TraceRecorderTest {
    @TempDir
    Path tmp;

    @Test
    void writesOneSpanPerTaskOnARowPerNodeAndExecutor() throws Exception {
        TraceRecorder t = new TraceRecorder();
        t.task("127.0.0.2", "compute-executor-1", "app.Tasks.a", 1, 1_000, 50);
        t.task("127.0.0.2", "compute-executor-2", "app.Tasks.b \"quoted\"", 2, 1_010, 0);
        t.task("127.0.0.3", "compute-executor-1", "app.Tasks.a", 3, 1_020, 70);
        Path file = tmp.resolve("trace/braid_trace.json");
        t.write(file);

        JsonNode root = new ObjectMapper().readTree(file.toFile());
        List<JsonNode> spans = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonNode e : root.get("traceEvents")) {
            if (e.get("ph").asText().equals("X")) {
                spans.add(e);
            } else {
                names.add(e.get("name").asText() + ":" + e.get("pid") + ":" + e.get("tid") + ":" + e.get("args").get("name").asText());
            }
        }
        assertEquals(3, spans.size());
        assertEquals(List.of("process_name:1:0:node 127.0.0.2", "process_name:2:0:node 127.0.0.3",
                "thread_name:1:1:compute-executor-1", "thread_name:1:2:compute-executor-2",
                "thread_name:2:3:compute-executor-1"), names);
        JsonNode b = spans.get(1);
        assertEquals("app.Tasks.b \"quoted\"", b.get("name").asText());
        assertEquals(1_010, b.get("ts").asLong());
        assertEquals(1, b.get("dur").asLong(), "zero-length spans are widened to 1 us so they show");
        assertEquals(2, b.get("args").get("task").asLong());
        assertEquals(2, spans.get(2).get("pid").asInt());
        assertEquals(3, spans.get(2).get("tid").asInt());
    }
}
