package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Wrong input fails before any task runs, with one line naming the culprit and a non-zero exit. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BadInputTest extends ItBase {
    private static String oneLine(RunResult r) {
        assertNotEquals(0, r.exitCode(), r::describe);
        assertEquals(1, r.stderrLines().size(), () -> "exactly one line on stderr expected\n" + r.describe());
        assertFalse(r.stdout().contains("sum of squares"), () -> "the application must not have run\n" + r.describe());
        return r.stderrLines().get(0);
    }

    @Test
    void malformedResourcesXml() throws Exception {
        Clusters.Files good = Clusters.local(1).write(tmp.resolve("xml"));
        Path bad = tmp.resolve("xml/bad-resources.xml");
        Files.writeString(bad, "<?xml version=\"1.0\"?>\n<ResourcesList>\n  <ComputeNode Name=\"127.0.0.2\">\n"
                + "    <Processor Name=\"P\">\n  </ComputeNode>\n</ResourcesList>\n");
        RunResult r = BraidRunner.in(tmp).app("simple").main("simple.Main").args(3)
                .options("--resources=" + bad, "--project=" + good.project()).run();
        String line = oneLine(r);
        assertTrue(line.contains("bad-resources.xml"), () -> "names the file: " + line);
        assertTrue(line.matches(".*bad-resources\\.xml:5\\b.*") || line.contains("line 5"), () -> "names the line (5): " + line);
    }

    @Test
    void unknownFlag() {
        RunResult r = BraidRunner.in(tmp).app("simple").options("--bogus").main("simple.Main").args(3).run();
        String line = oneLine(r);
        assertTrue(line.contains("--bogus"), () -> "names the flag: " + line);
    }

    /** braid-run's JIT and priority variables: a value none of their choices is refused before anything starts. */
    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"BRAID_MASTER_JIT, fast", "BRAID_WORKER_JIT, eager", "BRAID_WORKER_NICE, low", "BRAID_WORKER_NICE, 20",
        "BRAID_WORKER_NICE, -5"})
    void unknownJitOrPriorityValue(String variable, String value) {
        RunResult r = BraidRunner.in(tmp).app("simple").env(variable, value).main("simple.Main").args(3).run();
        String line = oneLine(r);
        assertEquals(2, r.exitCode(), r::describe);
        assertTrue(line.startsWith("braid-run: " + variable + "=" + value + ": expected "),
                () -> "names the variable and value: " + line);
    }

    /** The master's settings (properties in BRAID_MASTER_JVM_OPTS) are checked before anything starts. */
    @Test
    void badSettingValue() {
        RunResult r = BraidRunner.in(tmp).app("simple").env("BRAID_MASTER_JVM_OPTS", "-Dbraid.worker.restarts=-1")
                .main("simple.Main").args(3).run();
        String line = oneLine(r);
        assertEquals(2, r.exitCode(), r::describe);
        assertEquals("braid-run: -Dbraid.worker.restarts=-1: expected a number of restarts, 0 or more "
                + "(BRAID_MASTER_JVM_OPTS)", line);
    }

    /** Kafka client settings are for an external cluster: beside the embedded broker they are refused. */
    @Test
    void kafkaClientSettingsWithTheEmbeddedBroker() {
        RunResult r = BraidRunner.in(tmp).app("simple")
                .env("BRAID_MASTER_JVM_OPTS", "-Dbraid.streams.kafka.security.protocol=SASL_SSL")
                .main("simple.Main").args(3).run();
        String line = oneLine(r);
        assertEquals(2, r.exitCode(), r::describe);
        assertEquals("braid-run: braid.streams.kafka.security.protocol applies to an external Kafka cluster "
                + "(--streaming_backend=kafka://HOST:PORT), not to the embedded broker", line);
    }

    /** braid-run --help lists every option braid.jar declares (OptionTable prints the declarations). */
    @Test
    void helpListsEveryOption() throws Exception {
        RunResult help = BraidRunner.in(tmp).options("--help").run();
        assertEquals(0, help.exitCode(), help::describe);
        Process table = new ProcessBuilder("java", "-cp", Repo.braidJar().toString(),
                "io.braid.launcher.options.OptionTable").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        java.util.List<String> names = new String(table.getInputStream().readAllBytes()).lines()
                .map(l -> l.substring(0, l.indexOf('\t'))).toList();
        assertTrue(table.waitFor(30, TimeUnit.SECONDS) && table.exitValue() == 0);
        assertTrue(names.contains("--io_executors") && names.contains("-cp"), names::toString);
        for (String name : names) {
            assertTrue(help.stdout().lines().anyMatch(l -> l.startsWith("  ") && java.util.Arrays.asList(
                    l.trim().split("[ ,=\\[\\]]+")).contains(name)), () -> name + " missing from --help:\n" + help.stdout());
        }
    }

    /** A Python application must be a file, a C one an executable file. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"--lang=python, simple.Main, 'simple.Main: no such Python file'",
        "--lang=c, simple.Main, 'simple.Main: no such C program (the executable braid-c-buildapp --build makes)'",
        "'', app.py, 'app.py: no such Python file'"})
    void languagesWithoutTheirBindingAreRefused(String option, String app, String expected) {
        BraidRunner run = BraidRunner.in(tmp).app("simple").main(app).args(3);
        if (!option.isEmpty()) { // else inferred from the application's name
            run.options(option);
        }
        RunResult r = run.run();
        assertEquals(2, r.exitCode(), r::describe);
        assertEquals("braid-run: " + expected, oneLine(r));
    }

    @Test
    void missingMainClass() {
        RunResult r = BraidRunner.in(tmp).app("simple").main("simple.NoSuchMain").args(3).run();
        String line = oneLine(r);
        assertTrue(line.contains("simple.NoSuchMain") && line.contains("not found"), () -> "names the class: " + line);
        // The culprit is the main class itself, not a missing annotated interface derived from its name.
        assertFalse(line.contains("simple.NoSuchMainItf"), () -> "should report the main class as missing: " + line);
    }

    @Test
    void interfaceMethodWithMissingDeclaringClass() {
        RunResult r = BraidRunner.in(tmp).app("badinterface").main("badinterface.Main").run();
        String line = oneLine(r);
        assertFalse(r.stdout().contains("main ran"), r::describe);
        assertTrue(line.contains("missing"), () -> "names the method: " + line);
        assertTrue(line.contains("badinterface.NoSuchTasks"), () -> "names the declaring class: " + line);
    }

    /**
     * A FILE IN or INOUT parameter naming a file that does not exist (issue 24, point 9): one line
     * naming the task call (method and where the main program made it) and the path; exit 1; the
     * main program does not go on.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"in, missingfile.Tasks.countLines, 1 (IN), missing.txt",
        "inout, missingfile.Tasks.appendLine, 2 (INOUT), no-dir/missing.txt"})
    void fileParameterNamingAMissingFile(String mode, String task, String parameter, String file) {
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 1, 2);
        RunResult r = nodes.on(BraidRunner.in(tmp).app("missingfile")).main("missingfile.Main").args(mode, file).run();
        assertEquals(1, r.exitCode(), r::describe);
        assertEquals(1, r.stderrLines().size(), () -> "exactly one line on stderr expected\n" + r.describe());
        String line = r.stderrLines().get(0);
        assertTrue(line.contains("task call " + task + " at missingfile.Main.main(Main.java:"),
                () -> "names the call: " + line);
        assertTrue(line.contains("FILE parameter " + parameter + ": " + file + " does not exist ("
                + tmp.resolve(file) + ")"), () -> "names the parameter and the path: " + line);
        assertTrue(r.stdout().contains("present.txt has 1 line(s)"), r::describe);
        assertFalse(r.stdout().contains("counted") || r.stdout().contains("appended"), r::describe);
    }

    @Test
    void masterNameThatIsNotThisMachine() {
        // Nodes on other hosts are started over ssh now (SshClusterTest); the master's own address must be local.
        RunResult r = BraidRunner.in(tmp).app("simple").main("simple.Main").args(3)
                .options("--master_name=192.0.2.77").run();
        String line = oneLine(r);
        assertTrue(line.contains("--master_name=192.0.2.77") && line.contains("not an address of this machine"),
                () -> "names the address: " + line);
    }

    @Test
    void invalidStorageBandwidthConstraints() {
        String[][] cases = {
            {"iotasks.BadBandwidthItf", "storageBW=\"fast\" is not a number"},
            {"iotasks.BadAutoRangeItf", "storageBW=\"auto(80,40,2)\": auto(min,max,delta) needs 0 < min <= max and delta > 1"},
            {"iotasks.AutoComputeItf", "storageBW=\"auto\": auto constraints apply to @IO tasks only"},
        };
        for (String[] c : cases) {
            RunResult r = BraidRunner.in(tmp.resolve(c[0])).app("iotasks").main("iotasks.Main").args("overlap", 1)
                    .options("--interface=" + c[0]).run();
            String line = oneLine(r);
            assertFalse(r.stdout().contains("compute 0"), () -> "the application must not have run\n" + r.describe());
            assertTrue(line.contains(c[0]) && line.contains(c[1]), () -> "names the method and the value: " + line);
        }
    }

    @Test
    void constraintThatNoNodeCanMeet() throws Exception {
        Clusters.Files two = Clusters.local(1).write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("constraints").main("constraints.Main")
                .options("--resources=" + two.resources(), "--project=" + two.project()).run();
        String line = oneLine(r);
        assertTrue(line.contains("no node provides it"), () -> "names the unsatisfiable task: " + line);
    }
}
