package io.braid.engine.monitor.graph;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;

/**
 * Writes a {@link TaskGraph} as Graphviz DOT: one node per task ({@code t<id>}, labelled with its
 * task type name and id, filled with a colour per task type), one edge per RAW dependency
 * labelled with the data version name, and one {@code sync<n>} node per main-program
 * synchronisation, fed by the task whose output the main program waited for. Each stream a task
 * uses is one {@code s<n>} node (a parallelogram labelled with the stream id), with dashed edges
 * producer -&gt; stream -&gt; consumer: the dataflow beside the dependencies (a stream access is
 * not a dependency).
 */
public final class DotWriter {

    /** Distinct fills, reused cyclically by task type id. */
    private static final String[] COLOURS = {
        "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
        "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
    };

    private static final String STREAM_FILL = "#dceefb";

    private DotWriter() {
    }

    public static void write(TaskGraph graph, IntFunction<String> taskTypeNames, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(graph, taskTypeNames, out);
        }
    }

    public static void write(TaskGraph graph, IntFunction<String> taskTypeNames, Writer out) throws IOException {
        out.write("digraph braid {\n");
        out.write("  rankdir=TB;\n");
        out.write("  node [shape=circle, style=filled, fontname=\"Helvetica\"];\n");
        out.write("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        for (int i = 0; i < graph.taskCount(); i++) {
            int type = graph.taskType(i);
            long id = graph.taskId(i);
            out.write("  t" + id + " [label=\"" + escape(taskTypeNames.apply(type)) + "\\n" + id
                    + "\", fillcolor=\"" + colour(type) + "\"];\n");
        }
        for (int i = 0; i < graph.edgeCount(); i++) {
            out.write("  t" + graph.edgeFrom(i) + " -> t" + graph.edgeTo(i)
                    + " [label=\"" + graph.edgeData(i).name() + "\"];\n");
        }
        for (int i = 0; i < graph.syncCount(); i++) {
            out.write("  sync" + i + " [label=\"sync\", shape=octagon, fillcolor=\"#ff0000\", fontcolor=\"#ffffff\"];\n");
            out.write("  t" + graph.syncWriter(i) + " -> sync" + i
                    + " [label=\"" + graph.syncData(i).name() + "\", style=dashed];\n");
        }
        for (int i = 0; i < graph.streamCount(); i++) {
            out.write("  s" + i + " [label=\"stream\\n" + escape(graph.streamId(i))
                    + "\", shape=parallelogram, fillcolor=\"" + STREAM_FILL + "\"];\n");
        }
        for (int i = 0; i < graph.streamAccessCount(); i++) {
            String task = "t" + graph.streamAccessTask(i);
            String stream = "s" + graph.streamAccessStream(i);
            out.write(graph.streamAccessWrites(i)
                    ? "  " + task + " -> " + stream + " [style=dashed];\n"
                    : "  " + stream + " -> " + task + " [style=dashed];\n");
        }
        out.write("}\n");
    }

    static String colour(int taskType) {
        return COLOURS[Math.floorMod(taskType, COLOURS.length)];
    }

    private static String escape(String s) {
        if (s == null) {
            return "?";
        }
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
