package io.braid.engine.monitor.graph;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.analysis.ParamAccess;
import io.braid.engine.analysis.StreamAccess;
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

    /**
     * A hybrid app: gen(1) writes x; produce(2) reads x and writes stream S; consume(3) and
     * consume(4) read S; relay(5) reads S and writes T; consume(6) reads T.
     */
    private static TaskGraph hybridGraph() {
        TaskGraph g = new TaskGraph();
        TaskAnalyser a = new TaskAnalyser(g);
        ObjectKey x = new ObjectKey(1);
        a.register(new TaskRequest(1, 0, List.of(new ParamAccess(x, W))));
        a.register(new TaskRequest(2, 1, List.of(new ParamAccess(x, R), ParamAccess.byValue()),
                List.of(StreamAccess.write("ds-1"))));
        a.register(new TaskRequest(3, 2, List.of(ParamAccess.byValue()), List.of(StreamAccess.read("ds-1"))));
        a.register(new TaskRequest(4, 2, List.of(ParamAccess.byValue()), List.of(StreamAccess.read("ds-1"))));
        a.register(new TaskRequest(5, 1, List.of(ParamAccess.byValue(), ParamAccess.byValue()),
                List.of(StreamAccess.read("ds-1"), StreamAccess.write("ds-\"2\""))));
        a.register(new TaskRequest(6, 2, List.of(ParamAccess.byValue()), List.of(StreamAccess.read("ds-\"2\""))));
        return g;
    }

    @Test
    void graphRecordsStreamAccesses() {
        TaskGraph g = hybridGraph();
        assertEquals(2, g.streamCount());
        assertEquals("ds-1", g.streamId(0));
        assertEquals(6, g.streamAccessCount());
        assertEquals(2L, g.streamAccessTask(0));
        assertEquals(0, g.streamAccessStream(0));
        assertTrue(g.streamAccessWrites(0));
        assertFalse(g.streamAccessWrites(1));
        assertEquals(1, g.edgeCount(), "a stream access is not a dependency edge");
    }

    @Test
    void writesStreamsAsNodesWithDashedDataflowEdges() throws Exception {
        StringWriter out = new StringWriter();
        DotWriter.write(hybridGraph(), t -> new String[] {"gen", "produce", "consume"}[t], out);
        String dot = out.toString();
        assertTrue(dot.contains("  s0 [label=\"stream\\nds-1\", shape=parallelogram, fillcolor=\"#dceefb\"];\n"), dot);
        assertTrue(dot.contains("  s1 [label=\"stream\\nds-\\\"2\\\"\", shape=parallelogram"), dot);
        assertTrue(dot.contains("  t1 -> t2 [label=\"d1v1\"];\n"), dot);
        assertTrue(dot.contains("  t2 -> s0 [style=dashed];\n"), dot);
        assertTrue(dot.contains("  s0 -> t3 [style=dashed];\n"), dot);
        assertTrue(dot.contains("  s0 -> t4 [style=dashed];\n"), dot);
        assertTrue(dot.contains("  s0 -> t5 [style=dashed];\n"), dot);
        assertTrue(dot.contains("  t5 -> s1 [style=dashed];\n"), dot);
        assertTrue(dot.contains("  s1 -> t6 [style=dashed];\n"), dot);
        assertEquals(2, dot.lines().filter(l -> l.matches("  s\\d+ \\[label=.*")).count());
        assertEquals(7, dot.lines().filter(l -> l.contains(" -> ")).count());
        assertTrue(dot.endsWith("}\n"), dot);
    }

    @Test
    void hybridGraphRendersWhenGraphvizIsThere(@TempDir Path dir) throws Exception {
        Path dot = dir.resolve("hybrid.dot");
        Path svg = dir.resolve("hybrid.svg");
        DotWriter.write(hybridGraph(), t -> "task" + t, dot);
        assertEquals(SvgRenderer.available(), SvgRenderer.render(dot, svg, 30_000));
    }

    @Test
    void streamAccessesGrowPastInitialCapacity() {
        TaskGraph g = new TaskGraph();
        for (int i = 1; i <= 100; i++) {
            g.taskRegistered(i, 0);
            g.streamAccess(i, "S" + (i % 5), i % 2 == 0);
        }
        assertEquals(5, g.streamCount());
        assertEquals(100, g.streamAccessCount());
        assertEquals(100L, g.streamAccessTask(99));
        assertEquals("S0", g.streamId(g.streamAccessStream(99)));
    }
}
