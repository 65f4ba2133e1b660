package io.braid.engine.monitor.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The execution trace of a run ({@code braid-run -t}): one span per task execution, on a row
 * per node (process) and executor (thread), written in the Chrome trace-event JSON format that
 * Perfetto (ui.perfetto.dev) and chrome://tracing open. Core thread only; spans beyond
 * {@link #MAX_SPANS} are counted, not kept.
 */
public final class TraceRecorder {
    static final int MAX_SPANS = 2_000_000;

    private final List<Span> spans = new ArrayList<>();
    private final Map<String, Integer> nodes = new LinkedHashMap<>();
    private final Map<String, Integer> executors = new LinkedHashMap<>();
    private long dropped;

    public void task(String node, String executor, String taskType, long taskId, long startMicros, long durationMicros) {
        if (spans.size() >= MAX_SPANS) {
            dropped++;
            return;
        }
        int pid = nodes.computeIfAbsent(node, k -> nodes.size() + 1);
        int tid = executors.computeIfAbsent(node + '\u0000' + executor, k -> executors.size() + 1);
        spans.add(new Span(pid, tid, taskType, taskId, startMicros, Math.max(1, durationMicros)));
    }

    public int spanCount() {
        return spans.size();
    }

    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (JsonGenerator g = new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ms");
            g.writeObjectFieldStart("otherData");
            g.writeStringField("producer", "Braid");
            g.writeNumberField("droppedSpans", dropped);
            g.writeEndObject();
            g.writeArrayFieldStart("traceEvents");
            for (var n : nodes.entrySet()) {
                metadata(g, "process_name", n.getValue(), 0, "node " + n.getKey());
            }
            for (var e : executors.entrySet()) {
                String[] nodeAndThread = e.getKey().split("\u0000", 2);
                metadata(g, "thread_name", nodes.get(nodeAndThread[0]), e.getValue(), nodeAndThread[1]);
            }
            for (Span s : spans) {
                g.writeStartObject();
                g.writeStringField("name", s.taskType);
                g.writeStringField("cat", "task");
                g.writeStringField("ph", "X");
                g.writeNumberField("ts", s.startMicros);
                g.writeNumberField("dur", s.durationMicros);
                g.writeNumberField("pid", s.pid);
                g.writeNumberField("tid", s.tid);
                g.writeObjectFieldStart("args");
                g.writeNumberField("task", s.taskId);
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void metadata(JsonGenerator g, String kind, int pid, int tid, String name) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", kind);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField("name", name);
        g.writeEndObject();
        g.writeEndObject();
    }

    private record Span(int pid, int tid, String taskType, long taskId, long startMicros, long durationMicros) {
    }
}
