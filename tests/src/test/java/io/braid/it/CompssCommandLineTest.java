package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A runcompss command line as COMPSs users and scripts write it, run end to end through
 * scripts/braid-run on nodes in COMPSs' XML form ({@link CompssNodes}: COMPSsWorker01 and 02):
 * the flags Braid has take effect, the ones without a meaning in Braid print one warning line
 * each, and the application gives its result.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompssCommandLineTest extends ItBase {

    @Test
    void aRuncompssCommandLineRunsWithItsFlagsMappedOrWarned() throws Exception {
        // -XX:+PrintCommandLineFlags makes the master's JVM print its flags: -Xmx300m among them
        int n = 6;
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, 2);
        BraidRunner runner = BraidRunner.in(tmp).noClasspath();
        Path logDir = runner.baseLogDir().resolve("compss_run");
        RunResult r = nodes.on(runner.options("--comm=es.bsc.compss.nio.master.NIOAdaptor", "-d", "--lang=java",
                        "--summary", "-g", "-t", "--master_name=127.0.0.1", "--specific_log_dir=" + logDir,
                        "--cpu_affinity=automatic", "--scheduler", "es.bsc.compss.scheduler.lookahead.locality.LocalityTS",
                        "--task_execution=compss", "--keep_workingdir", "--jvm_master_opts", "-Xmx300m,-XX:+PrintCommandLineFlags",
                        "--classpath", BraidApp.classes("simple").toString()))
                .main("simple.Main").args(n).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(n * (n + 1) * (2 * n + 1) / 6), r.value("sum of squares 1.." + n + " = "), r::describe);
        List<String> warnings = r.stderrLines().stream().filter(l -> l.startsWith("braid-run: ")).toList();
        assertEquals(List.of("braid-run: ignoring runcompss flag --cpu_affinity: Braid does not bind tasks to particular "
                        + "cores (the OS places the workers' threads)",
                "braid-run: ignoring runcompss flag --scheduler: Braid has one scheduler (data locality, constraints, "
                        + "priority; docs/DESIGN.md)"), warnings, r::describe);

        assertEquals(logDir, r.logDir(), "--specific_log_dir is the run's log dir");
        assertTrue(r.stdoutLines().stream().anyMatch(l -> l.contains("-XX:MaxHeapSize=314572800")
                && l.contains("-XX:+PrintCommandLineFlags")), () -> "--jvm_master_opts reach the master's JVM\n" + r.describe());
        assertTrue(r.runtimeLog().contains(" DEBUG "), () -> "-d: debug logging\n" + r.describe());
        assertTrue(Files.isRegularFile(logDir.resolve("monitor/complete_graph.dot")), () -> "-g\n" + r.describe());
        assertTrue(Files.isRegularFile(logDir.resolve("trace/braid_trace.json")), () -> "-t\n" + r.describe());
        assertTrue(r.stdoutLines().stream().anyMatch(l -> l.strip().matches("simple\\.Tasks\\.square\\s+" + n + "\\s+.*")),
                () -> "--summary\n" + r.describe());
        for (String node : List.of("COMPSsWorker01", "COMPSsWorker02")) {
            Path wd = tmp.resolve("xml").resolve(node).resolve("braid-compss_run-" + node);
            assertTrue(Files.isDirectory(wd), () -> "--keep_workingdir: " + wd + " is left in place\n" + r.describe());
        }
        assertTrue(r.runtimeLog().contains("COMPSsWorker01") && r.runtimeLog().contains("COMPSsWorker02"), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void aFlagRuncompssDoesNotHaveEitherOrARefusedValueIsOneErrorLine() {
        RunResult r = BraidRunner.in(tmp).app("simple").options("-d", "--scheduler=x", "--no_such_flag=1")
                .main("simple.Main").args(2).run();

        assertEquals(2, r.exitCode(), r::describe);
        assertEquals(List.of("braid-run: unknown option --no_such_flag (braid-run --help lists the options)"),
                r.stderrLines(), r::describe);

        RunResult python = BraidRunner.in(tmp.resolve("python")).app("simple").options("--scheduler=x", "--lang=python")
                .main("simple.Main").args(2).run();
        assertEquals(2, python.exitCode(), python::describe);
        assertEquals(List.of("braid-run: simple.Main: no such Python file"),
                python.stderrLines(), () -> "the error alone, no warning before it\n" + python.describe());
    }
}
