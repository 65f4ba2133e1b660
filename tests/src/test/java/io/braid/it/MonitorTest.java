package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** -g writes the task graph; --summary prints per-task-type counts. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MonitorTest extends ItBase {
    @Test
    void graphAndSummary() throws Exception {
        int n = 6;
        RunResult r = BraidRunner.in(tmp).app("simple").options("-g", "--summary").main("simple.Main").args(n).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(n * (n + 1) * (2 * n + 1) / 6), r.value("sum of squares 1.." + n + " = "), r::describe);

        // Graph: node id -> task type, then the task-to-task edges counted by (type -> type).
        Path dot = r.logDir().resolve("monitor/complete_graph.dot");
        assertTrue(Files.isRegularFile(dot), () -> "missing " + dot + "\n" + r.describe());
        String graph = Files.readString(dot);
        Map<String, String> types = new HashMap<>();
        Matcher nm = Pattern.compile("(?m)^\\s*(\\w+)\\s*\\[label=\"([\\w.]+)").matcher(graph);
        while (nm.find()) {
            types.put(nm.group(1), nm.group(2));
        }
        Map<String, Integer> edges = new TreeMap<>();
        Matcher em = Pattern.compile("(?m)^\\s*(\\w+)\\s*->\\s*(\\w+)").matcher(graph);
        while (em.find()) {
            String from = types.get(em.group(1));
            String to = types.get(em.group(2));
            if (from != null && to != null && from.startsWith("simple.") && to.startsWith("simple.")) {
                edges.merge(short_(from) + "->" + short_(to), 1, Integer::sum);
            }
        }
        // square_i -> add_i (n), add_{i-1} -> add_i (n-1), writeLines -> countLines (1).
        Map<String, Integer> expected = new TreeMap<>(Map.of("square->add", n, "add->add", n - 1, "writeLines->countLines", 1));
        assertEquals(expected, edges, () -> "task edges in " + dot + ":\n" + graph);
        long taskNodes = types.values().stream().filter(t -> t.startsWith("simple.Tasks.")).count();
        assertEquals(2L * n + 2, taskNodes, () -> graph);

        // Summary: one row per task type with its count.
        Map<String, String> counts = new TreeMap<>();
        Pattern row = Pattern.compile("(simple\\.Tasks\\.\\w+)\\s+(\\d+)\\s+.*");
        for (String l : r.stdoutLines()) {
            Matcher m = row.matcher(l.strip());
            if (m.matches()) {
                counts.put(m.group(1), m.group(2));
            }
        }
        assertEquals(Map.of("simple.Tasks.square", String.valueOf(n), "simple.Tasks.add", String.valueOf(n),
                "simple.Tasks.writeLines", "1", "simple.Tasks.countLines", "1"), counts, r::describe);
    }

    private static String short_(String type) {
        return type.substring(type.lastIndexOf('.') + 1);
    }

    @Test
    void tracingWritesOneSpanPerTask() throws Exception {
        int n = 8;
        RunResult r = BraidRunner.in(tmp).app("simple").options("-t").main("simple.Main").args(n).run();
        assertEquals(0, r.exitCode(), r::describe);
        Path trace = r.logDir().resolve("trace/braid_trace.json");
        assertTrue(Files.isRegularFile(trace), () -> "missing " + trace + "\n" + r.describe());
        String json = Files.readString(trace);
        // simple.Main with n runs n squares, n adds, one writeLines and one countLines.
        Matcher m = Pattern.compile("\"ph\":\"X\"").matcher(json);
        int spans = 0;
        while (m.find()) {
            spans++;
        }
        assertEquals(2 * n + 2, spans, json);
        assertTrue(json.contains("\"name\":\"simple.Tasks.square\""), json);
        assertTrue(json.contains("\"name\":\"node localhost\""), json);
        assertTrue(r.stderr().contains("[braid] trace: " + trace), r::describe);
    }
}
