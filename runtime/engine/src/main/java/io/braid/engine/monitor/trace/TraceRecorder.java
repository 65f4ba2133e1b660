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
 * Perfetto (ui.perfetto.dev) and chrome://tracing open. Besides tasks it holds the learning of
 * auto constraints: epochs as spans on a row of their learning node, counters of the constraint
 * in force, and instant events for the chosen values. Core thread only; events beyond
 * {@link #MAX_SPANS} are counted, not kept.
 */
public final class TraceRecorder {
    static final int MAX_SPANS = 2_000_000;

    private final List<Event> events = new ArrayList<>();
    private final Map<String, Integer> nodes = new LinkedHashMap<>();
    private final Map<String, Integer> executors = new LinkedHashMap<>();
    private int taskSpans;
    private long dropped;

    public void task(String node, String executor, String taskType, long taskId, long startMicros, long durationMicros) {
        task(node, executor, taskType, taskId, startMicros, durationMicros, -1);
    }

    /** A task span; {@code storageBW} (MB/s) is added to its args when it is not negative. */
    public void task(String node, String executor, String taskType, long taskId, long startMicros, long durationMicros,
                     double storageBW) {
        Map<String, Object> args = storageBW < 0 ? null : Map.of("storageBW", storageBW);
        if (add('X', node, executor, taskType, "task", startMicros, Math.max(1, durationMicros), taskId, args)) {
            taskSpans++;
        }
    }

    /** A span on its own row (e.g. a learning epoch), with {@code args} shown when selected. */
    public void span(String node, String row, String name, String category, long startMicros, long durationMicros,
                     Map<String, Object> args) {
        add('X', node, row, name, category, startMicros, Math.max(1, durationMicros), -1, args);
    }

    /** A point in time on a row (e.g. a constraint chosen). */
    public void instant(String node, String row, String name, String category, long micros, Map<String, Object> args) {
        add('i', node, row, name, category, micros, 0, -1, args);
    }

    /** A value of counter track {@code name} of the node from {@code micros} on. */
    public void counter(String node, String name, long micros, double value) {
        add('C', node, null, name, "counter", micros, 0, -1, Map.of("value", value));
    }

    private boolean add(char ph, String node, String row, String name, String category, long ts, long dur, long taskId,
                        Map<String, Object> args) {
        if (events.size() >= MAX_SPANS) {
            dropped++;
            return false;
        }
        int pid = nodes.computeIfAbsent(node, k -> nodes.size() + 1);
        int tid = row == null ? 0 : executors.computeIfAbsent(node + '\u0000' + row, k -> executors.size() + 1);
        events.add(new Event(ph, pid, tid, name, category, ts, dur, taskId, args));
        return true;
    }

    public int spanCount() {
        return taskSpans;
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
            for (Event e : events) {
                write(g, e);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void write(JsonGenerator g, Event e) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", e.name);
        g.writeStringField("cat", e.category);
        g.writeStringField("ph", String.valueOf(e.ph));
        g.writeNumberField("ts", e.ts);
        if (e.ph == 'X') {
            g.writeNumberField("dur", e.dur);
        }
        if (e.ph == 'i') {
            g.writeStringField("s", "t");
        }
        g.writeNumberField("pid", e.pid);
        g.writeNumberField("tid", e.tid);
        g.writeObjectFieldStart("args");
        if (e.taskId >= 0) {
            g.writeNumberField("task", e.taskId);
        }
        if (e.args != null) {
            for (var a : e.args.entrySet()) {
                Object v = a.getValue();
                if (v instanceof Number num) {
                    if (v instanceof Double || v instanceof Float) {
                        g.writeNumberField(a.getKey(), num.doubleValue());
                    } else {
                        g.writeNumberField(a.getKey(), num.longValue());
                    }
                } else {
                    g.writeStringField(a.getKey(), String.valueOf(v));
                }
            }
        }
        g.writeEndObject();
        g.writeEndObject();
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

    private record Event(char ph, int pid, int tid, String name, String category, long ts, long dur, long taskId,
                         Map<String, Object> args) {
    }
}
