package io.braid.engine.monitor.graph;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.analysis.ParamAccess;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.analysis.TaskRequest;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DotWriterTest {

    private static final String[] NAMES = {"gen", "inc", "merge"};

    /** gen(1) -> inc(2), gen(1) -> inc(3), inc(2)+inc(3) -> merge(4); main waits for merge's result. */
    private static TaskGraph smallGraph() {
        TaskGraph g = new TaskGraph();
        TaskAnalyser a = new TaskAnalyser(g);
        ObjectKey x = new ObjectKey(1);
        ObjectKey y = new ObjectKey(2);
        ObjectKey z = new ObjectKey(3);
        ObjectKey out = new ObjectKey(4);
        a.register(new TaskRequest(1, 0, List.of(new ParamAccess(x, W))));
        a.register(new TaskRequest(2, 1, List.of(new ParamAccess(x, R), new ParamAccess(y, W))));
        a.register(new TaskRequest(3, 1, List.of(new ParamAccess(x, R), new ParamAccess(z, W))));
        a.register(new TaskRequest(4, 2, List.of(new ParamAccess(y, R), new ParamAccess(z, R),
                new ParamAccess(out, W))));
        a.mainAccess(out, R);
        return g;
    }

    @Test
    void graphRecordsWhatTheAnalyserReports() {
        TaskGraph g = smallGraph();
        assertEquals(4, g.taskCount());
        assertEquals(3L, g.taskId(2));
        assertEquals(1, g.taskType(2));
        assertEquals(4, g.edgeCount());
        assertEquals(1L, g.edgeFrom(0));
        assertEquals(2L, g.edgeTo(0));
        assertEquals(new DataVersion(1, 1), g.edgeData(0));
        assertEquals(3L, g.edgeFrom(3));
        assertEquals(4L, g.edgeTo(3));
        assertEquals(new DataVersion(3, 1), g.edgeData(3));
        assertEquals(1, g.syncCount());
        assertEquals(4L, g.syncWriter(0));
        assertEquals(new DataVersion(4, 1), g.syncData(0));
    }

    @Test
    void writesNodesEdgesAndSyncs() throws Exception {
        StringWriter out = new StringWriter();
        DotWriter.write(smallGraph(), t -> NAMES[t], out);
        String dot = out.toString();
        assertTrue(dot.startsWith("digraph braid {\n"), dot);
        assertTrue(dot.endsWith("}\n"), dot);
        assertTrue(dot.contains("  t1 [label=\"gen\\n1\", fillcolor=\"" + DotWriter.colour(0) + "\"];\n"), dot);
        assertTrue(dot.contains("  t2 [label=\"inc\\n2\", fillcolor=\"" + DotWriter.colour(1) + "\"];\n"), dot);
        assertTrue(dot.contains("  t4 [label=\"merge\\n4\", fillcolor=\"" + DotWriter.colour(2) + "\"];\n"), dot);
        assertTrue(dot.contains("  t1 -> t2 [label=\"d1v1\"];\n"), dot);
        assertTrue(dot.contains("  t1 -> t3 [label=\"d1v1\"];\n"), dot);
        assertTrue(dot.contains("  t2 -> t4 [label=\"d2v1\"];\n"), dot);
        assertTrue(dot.contains("  t3 -> t4 [label=\"d3v1\"];\n"), dot);
        assertTrue(dot.contains("  sync0 [label=\"sync\""), dot);
        assertTrue(dot.contains("  t4 -> sync0 [label=\"d4v1\", style=dashed];\n"), dot);
        assertEquals(4, dot.lines().filter(l -> l.matches("  t\\d+ \\[label=.*")).count());
        assertEquals(5, dot.lines().filter(l -> l.contains(" -> ")).count());
        // Same type, same colour; different types, different colours.
        assertFalse(DotWriter.colour(0).equals(DotWriter.colour(1)));
        assertEquals(DotWriter.colour(1), DotWriter.colour(1 + 12));
    }

    @Test
    void escapesQuotesInTypeNames() throws Exception {
        TaskGraph g = new TaskGraph();
        g.taskRegistered(1, 0);
        StringWriter out = new StringWriter();
        DotWriter.write(g, t -> "a\"b", out);
        assertTrue(out.toString().contains("label=\"a\\\"b\\n1\""), out.toString());
    }

    @Test
    void writesFileAndRendersWhenGraphvizIsThere(@TempDir Path dir) throws Exception {
        Path dot = dir.resolve("graph.dot");
        Path svg = dir.resolve("graph.svg");
        DotWriter.write(smallGraph(), t -> NAMES[t], dot);
        assertTrue(Files.readString(dot).contains("t3 -> t4"));
        boolean rendered = SvgRenderer.render(dot, svg, 30_000);
        assertEquals(SvgRenderer.available(), rendered);
        assertEquals(rendered, Files.exists(svg));
    }

    @Test
    void graphGrowsPastInitialCapacity() {
        TaskGraph g = new TaskGraph();
        for (int i = 1; i <= 1000; i++) {
            g.taskRegistered(i, i % 3);
            g.edge(i, i + 1, new DataVersion(i, 1));
            g.mainSync(new DataVersion(i, 2), i);
        }
        assertEquals(1000, g.taskCount());
        assertEquals(1000, g.edgeCount());
        assertEquals(1000, g.syncCount());
        assertEquals(999L, g.taskId(998));
        assertEquals(new DataVersion(1000, 2), g.syncData(999));
    }
}
