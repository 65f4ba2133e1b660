package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * I/O awareness through braid-run (tests/apps/java/iotasks): I/O tasks overlap with compute tasks,
 * storage bandwidth bounds their concurrency, and auto constraints converge to the best value on
 * a simulated congested disk.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class IoAwarenessTest extends ItBase {

    @Test
    void ioTasksRunWhileEveryComputeExecutorIsBusy() {
        Clusters.Files cluster = Clusters.builder().node("127.0.0.2", 2, "Intel", 4).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("iotasks").cluster(cluster).options("--io_executors=2")
                .main("iotasks.Main").args("overlap", 2).run();
        assertEquals(0, r.exitCode(), r::describe);
        long computeStart = 0;
        long computeEnd = Long.MAX_VALUE;
        for (String line : r.stdoutStartingWith("compute ")) {
            String[] f = line.split(" ");
            computeStart = Math.max(computeStart, Long.parseLong(f[2]));
            computeEnd = Math.min(computeEnd, Long.parseLong(f[3]));
        }
        List<String> io = r.stdoutStartingWith("io ");
        assertEquals(4, io.size(), r::describe);
        for (String line : io) {
            long end = Long.parseLong(line.split(" ")[3]);
            long lastComputeEnd = computeEnd;
            assertTrue(end < computeEnd, () -> "I/O task ended after the first compute task (" + lastComputeEnd
                    + "): " + line + "\n" + r.describe());
        }
        assertTrue(computeStart < computeEnd, "both compute tasks ran at once");
    }

    @Test
    void storageBandwidthBoundsConcurrencyPerNode() {
        // 100 MB/s per node, tasks of 30 MB/s: at most floor(100 / 30) = 3 at once, with 8 I/O executors.
        Clusters.Files cluster = Clusters.local(2).storageBandwidth(100).ioExecutors(8).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("iotasks").cluster(cluster).main("iotasks.Main").args("bandwidth", 16)
                .run();
        assertEquals(0, r.exitCode(), r::describe);
        List<String> lines = r.stdoutStartingWith("limited ");
        assertEquals(16, lines.size(), r::describe);
        Map<String, Integer> maxPerNode = new HashMap<>();
        for (String line : lines) {
            String[] f = line.split(" ", 4);
            maxPerNode.merge(f[3], Integer.parseInt(f[2]), Math::max);
        }
        assertEquals(2, maxPerNode.size(), () -> "both nodes used: " + maxPerNode);
        maxPerNode.forEach((node, max) -> assertTrue(max <= 3, () -> max + " tasks at once on " + node + "\n"
                + r.describe()));
        assertTrue(maxPerNode.values().stream().anyMatch(m -> m >= 2), () -> "tasks ran in parallel: " + maxPerNode);
    }

    /**
     * On {@code CongestedDisk} (2 transfers at full speed, slower beyond: t(k) = 100 ms *
     * (k/2)^1.6), with 120 MB/s and 8 I/O executors per node: "auto" tries 15, 30, 60, 120 MB/s
     * (8, 4, 2, 1 at once), "auto(10,160,2)" tries 10, 20, 40, 80 (8, 6, 3, 1 at once; 160 is above
     * the node's bandwidth). For the tasks left after learning the objective picks 60 (2 at once)
     * and 40 (3 at once) respectively, by margins of about 50% over the next best.
     */
    @Test
    void autoConstraintsConvergeToTheBestValueOfACongestedDisk() throws java.io.IOException {
        Clusters.Files cluster = Clusters.local(2).storageBandwidth(120).ioExecutors(8).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("iotasks").cluster(cluster).options("--summary", "-t", "--log_level=info")
                .main("iotasks.Main").args("auto", 60, 60).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("120 blocks, at most 8 at once on a node", r.value("written "));

        assertEquals(List.of(15.0, 30.0, 60.0, 120.0), epochs(r, "iotasks.Tasks.write"), r::describe);
        assertEquals(List.of(10.0, 20.0, 40.0, 80.0), epochs(r, "iotasks.Tasks.writeBounded"), r::describe);
        assertTrue(r.stdout().contains("  chosen storageBW of iotasks.Tasks.write: 60 MB/s for "), r::describe);
        assertTrue(r.stdout().contains("  chosen storageBW of iotasks.Tasks.writeBounded: 40 MB/s for "), r::describe);
        assertTrue(r.runtimeLog().contains("iotasks.Tasks.write: storageBW 60 MB/s for "), r::describe);

        String trace = Files.readString(r.logDir().resolve("trace/braid_trace.json"));
        // A partial epoch (the type ran out of ready tasks for a moment: timing) is traced too and
        // repeated; the measured ones are the 4 per type the summary lists.
        assertEquals(8, measuredEpochSpans(trace), () -> "4 measured epochs per type as spans\n" + r.describe());
        assertTrue(count(trace, "\"cat\":\"learning\",\"ph\":\"X\"") >= 8, "every epoch as a span");
        assertTrue(count(trace, "\"cat\":\"learning\",\"ph\":\"i\"") >= 2, "a choice per type");
        assertTrue(count(trace, "\"name\":\"storageBW iotasks.Tasks.write\",\"cat\":\"counter\"") >= 5,
                "the constraint in force as a counter");
    }

    /**
     * One auto type on two nodes: while node 1 learns nothing, it runs the type's spare tasks
     * (default policy, shared) without changing what node 0 measures (each node's CongestedDisk
     * is its own); with {@code -Dbraid.io.learning=exclusive} it runs none of them until learned.
     */
    @Test
    void theOtherNodeRunsSpareTasksWhileTheTypeLearnsUnlessExclusive() throws java.io.IOException {
        Clusters.Files cluster = Clusters.local(2).storageBandwidth(120).ioExecutors(8).write(tmp.resolve("xml"));
        RunResult shared = BraidRunner.in(tmp.resolve("shared")).app("iotasks").cluster(cluster)
                .options("--summary", "--log_level=info").main("iotasks.Main").args("auto", 90, 0).run();
        assertEquals(0, shared.exitCode(), shared::describe);
        assertEquals("90 blocks, at most 8 at once on a node", shared.value("written "));
        assertEquals(List.of(15.0, 30.0, 60.0, 120.0), epochs(shared, "iotasks.Tasks.write"), shared::describe);
        assertTrue(shared.stdout().contains("  chosen storageBW of iotasks.Tasks.write: 60 MB/s for "), shared::describe);
        Matcher m = Pattern.compile("while it learned, (\\d+) tasks ran on the other nodes").matcher(shared.stdout());
        assertTrue(m.find(), shared::describe);
        assertTrue(Integer.parseInt(m.group(1)) > 0, shared::describe);
        assertTrue(shared.runtimeLog().contains("iotasks.Tasks.write runs on the other nodes at 15 MB/s while it learns"),
                shared::describe);

        RunResult exclusive = BraidRunner.in(tmp.resolve("exclusive")).app("iotasks").cluster(cluster)
                .env("BRAID_MASTER_JVM_OPTS", "-Dbraid.io.learning=exclusive")
                .options("--summary", "--log_level=info").main("iotasks.Main").args("auto", 90, 0).run();
        assertEquals(0, exclusive.exitCode(), exclusive::describe);
        assertEquals(List.of(15.0, 30.0, 60.0, 120.0), epochs(exclusive, "iotasks.Tasks.write"), exclusive::describe);
        assertTrue(!exclusive.stdout().contains("while it learned"), exclusive::describe);
        assertTrue(!exclusive.runtimeLog().contains("runs on the other nodes"), exclusive::describe);
    }

    @Test
    void anUnknownLearningPolicyStopsTheRunNamingIt() throws java.io.IOException {
        Clusters.Files cluster = Clusters.local(1).storageBandwidth(120).ioExecutors(8).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("iotasks").cluster(cluster)
                .env("BRAID_MASTER_JVM_OPTS", "-Dbraid.io.learning=sometimes").main("iotasks.Main").args("auto", 4, 0).run();
        assertEquals(2, r.exitCode(), r::describe);
        assertTrue(r.stderr().contains("braid-run: -Dbraid.io.learning=sometimes: expected shared or exclusive"), r::describe);
        assertTrue(!r.stdout().contains("written "), r::describe);
    }

    /** Learning spans whose epoch was measured (args kind MEASURED); events start with {"name":. */
    private static int measuredEpochSpans(String trace) {
        int n = 0;
        for (String event : trace.split("\\{\"name\":")) {
            if (event.contains("\"cat\":\"learning\",\"ph\":\"X\"") && event.contains("\"kind\":\"MEASURED\"")) {
                n++;
            }
        }
        return n;
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** The constraints of the measured epochs of the type's summary block. */
    private static List<Double> epochs(RunResult r, String type) {
        List<Double> out = new ArrayList<>();
        boolean in = false;
        Pattern row = Pattern.compile("\\s+(\\d+)\\s+([0-9.]+)\\s+(\\d+)\\s+(\\d+)\\s+([0-9.]+)(.*)");
        for (String line : r.stdoutLines()) {
            if (line.startsWith("auto storageBW of ")) {
                in = line.startsWith("auto storageBW of " + type + " (");
                continue;
            }
            Matcher m = row.matcher(line);
            if (in && m.matches() && m.group(6).isBlank()) {
                out.add(Double.parseDouble(m.group(2)));
            }
        }
        return out;
    }
}
