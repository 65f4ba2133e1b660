package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Task graphs on two local workers: fan-out/fan-in and long dependency chains. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DataflowTest extends ItBase {
    @Test
    void fanOutFanInOnTwoWorkers() {
        int n = 40;
        // 127.0.0.2 has a WorkingDir in project.xml, 127.0.0.3 uses the default (under the log dir).
        Path wd2 = tmp.resolve("wd2");
        Clusters.Files cluster = Clusters.builder().node("127.0.0.2", 2, "Intel", 4, wd2.toString())
                .node("127.0.0.3", 2, "Intel", 4).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("fanout").cluster(cluster).main("fanout.Main").args(n).run();

        assertEquals(0, r.exitCode(), r::describe);
        long expected = 0;
        for (long i = 1; i <= n; i++) {
            expected += i * i + 1;
        }
        assertEquals(String.valueOf(expected), r.value("sum="), r::describe);
        assertEquals(String.valueOf(n - 1), r.value("adds="), r::describe);

        // Each partial task printed where it ran into its own job output file.
        Pattern p = Pattern.compile("partial (\\d+) ran in (.*)");
        Set<Integer> seen = new TreeSet<>();
        Set<String> nodes = new TreeSet<>();
        List<String> outs = new ArrayList<>();
        r.jobOutputs().forEach((file, content) -> {
            Matcher m = p.matcher(content.strip());
            if (file.endsWith(".out") && m.matches()) {
                seen.add(Integer.parseInt(m.group(1)));
                String dir = m.group(2);
                Path expected3 = r.workersDir().resolve("127.0.0.3-wd");
                nodes.add(Path.of(dir).startsWith(wd2) ? "127.0.0.2" : Path.of(dir).equals(expected3) ? "127.0.0.3" : dir);
                outs.add(file);
            }
        });
        assertEquals(n, seen.size(), () -> "one job output per partial task expected, got " + r.jobOutputs().keySet());
        assertEquals(Set.of("127.0.0.2", "127.0.0.3"), nodes,
                "partial tasks should have run on both workers, in " + wd2 + "/... and <log dir>/workers/127.0.0.3-wd");
        assertTrue(BraidRunner.leftoverProcesses(r.logDir()).isEmpty(),
                () -> "worker processes still alive after the run: " + BraidRunner.leftoverProcesses(r.logDir()));
    }

    @Test
    void chainsOfFiftyDependentTasks() {
        int chains = 3;
        int length = 50;
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("chain").cluster(cluster).main("chain.Main").args(chains, length).run();

        assertEquals(0, r.exitCode(), r::describe);
        for (int c = 0; c < chains; c++) {
            long x = c + 1;
            for (int k = 0; k < length; k++) {
                x = (x * 31 + k) % 1_000_003;
            }
            assertEquals(String.valueOf(x), r.value("chain " + c + " = "), r::describe);
        }
    }
}
