package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Computing-unit and architecture constraints on two local workers (2 CUs each; Intel and AMD). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConstraintsTest extends ItBase {
    record Run(String kind, int i, String node, long start, long end) {
        int cus() {
            return kind.equals("big") ? 2 : 1;
        }
    }

    @Test
    void computingUnitsAndArchitecture() {
        int n = 6;
        Clusters.Files cluster = Clusters.builder()
                .node("127.0.0.2", 2, "Intel", 4)
                .node("127.0.0.3", 2, "AMD", 4)
                .write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("constraints").cluster(cluster).main("constraints.Main").args(n).run();
        assertEquals(0, r.exitCode(), r::describe);

        Pattern p = Pattern.compile("task (big|amd|intel|mem) (\\d+) (\\S+) (\\d+) (\\d+)");
        List<Run> runs = new ArrayList<>();
        Map<Run, String> dirs = new java.util.HashMap<>();
        for (String line : r.stdoutStartingWith("task ")) {
            Matcher m = p.matcher(line);
            assertTrue(m.matches(), () -> "unexpected line: " + line + "\n" + r.describe());
            Run run = new Run(m.group(1), Integer.parseInt(m.group(2)), node(m.group(3)), Long.parseLong(m.group(4)),
                    Long.parseLong(m.group(5)));
            runs.add(run);
            dirs.put(run, m.group(3));
        }
        assertEquals(n + n + (n + 1) / 2 + n / 2, runs.size(), r::describe);

        for (Run run : runs) {
            assertTrue(run.node().equals("127.0.0.2") || run.node().equals("127.0.0.3"), () -> "unknown node of " + run);
            assertEquals(r.workersDir().resolve(run.node() + "-wd").toString(), dirs.get(run),
                    "a task's working dir is its node's default working dir");
            if (run.kind().equals("amd")) {
                assertEquals("127.0.0.3", run.node(), () -> "AMD task ran on the Intel node: " + run + "\n" + r.describe());
            }
            if (run.kind().equals("intel")) {
                assertEquals("127.0.0.2", run.node(), () -> "Intel task ran on the AMD node: " + run + "\n" + r.describe());
            }
        }

        Map<String, List<Run>> byNode = runs.stream().collect(Collectors.groupingBy(Run::node));
        for (Map.Entry<String, List<Run>> e : byNode.entrySet()) {
            List<Run> onNode = e.getValue();
            // No two 2-CU tasks at once on a node.
            for (Run a : onNode) {
                for (Run b : onNode) {
                    if (a != b && a.kind().equals("big") && b.kind().equals("big") && a.start() < b.end() && b.start() < a.end()) {
                        fail("2-CU tasks overlapped on " + e.getKey() + ": " + a + " and " + b + "\n" + r.describe());
                    }
                }
            }
            // Memory: tasks needing 3 GB never share a 4 GB node.
            for (Run a : onNode) {
                for (Run b : onNode) {
                    if (a != b && a.kind().equals("mem") && b.kind().equals("mem") && a.start() < b.end() && b.start() < a.end()) {
                        fail("3 GB tasks overlapped on 4 GB node " + e.getKey() + ": " + a + " and " + b + "\n" + r.describe());
                    }
                }
            }
            // More generally, the CUs in use on a node never exceed its 2 CUs (checked at every task start).
            for (Run a : onNode) {
                int inUse = onNode.stream().filter(b -> b.start() <= a.start() && a.start() < b.end()).mapToInt(Run::cus).sum();
                assertTrue(inUse <= 2, () -> "more than 2 CUs in use on " + e.getKey() + " when " + a + " started: "
                        + onNode + "\n" + r.describe());
            }
        }
    }

    private static String node(String workingDir) {
        // Default working dir of a node: <log dir>/workers/<node>-wd.
        if (workingDir.contains("127.0.0.2")) {
            return "127.0.0.2";
        }
        if (workingDir.contains("127.0.0.3")) {
            return "127.0.0.3";
        }
        return workingDir;
    }
}
