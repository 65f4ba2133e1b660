package io.braid.it.foreign;

import io.braid.it.Clusters;
import io.braid.it.Repo;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Python tasks submitted by a main program that is not Java ({@link ForeignDriver}, calling what
 * libbraid calls through JNI) and run by real {@code python3} processes on two local workers:
 * objects cross the master and the workers as pickles only Python reads.
 */
class ForeignTasksTest {
    /** The tasks' module, written to a directory the definitions name. */
    static final String TASKS = """
            import os

            def make(n):
                return n

            def inc(x):
                return x + 1

            def square(x):
                return x * x

            def add(a, b):
                return a + b

            def new_list():
                return []

            def append(items, value):
                items.append(value)

            def write(path, text):
                with open(path, "w") as f:
                    f.write(text)

            def read(path):
                with open(path) as f:
                    return f.read()

            def fail(x):
                raise ValueError("boom %d" % x)

            def crash_once(marker):
                if not os.path.exists(marker):
                    open(marker, "w").close()
                    os._exit(3)
                return "survived"

            def crash(x):
                os._exit(3)

            def split(n, d):
                return n // d, n % d

            def total(items):
                return sum(items)

            def tag(items):
                for i, item in enumerate(items):
                    item.append(i)

            def slow(seconds):
                import time
                time.sleep(seconds)
                return seconds
            """;

    @Test
    void pythonTasksPassPicklesThroughTheMasterAndTheWorkers() throws Exception {
        Run r = run("dataflow");
        Map<String, String> v = r.values();
        assertEquals("15", v.get("chain"), r.explain());
        assertEquals("3", v.get("quotient"), r.explain());
        assertEquals("3", v.get("remainder"), r.explain());
        assertEquals("204", v.get("fan-in"), r.explain());
        assertEquals("[1, 2]", v.get("inout"), r.explain());
        assertEquals("204", v.get("collection-in"), r.explain());
        assertEquals("[0]", v.get("collection-inout-0"), r.explain());
        assertEquals("[1]", v.get("collection-inout-1"), r.explain());
        assertEquals("[1, 2, 3]", v.get("inout-again"), r.explain());
        assertEquals("[4]", v.get("inout-main-value"), r.explain());
        assertEquals("'hello from python'", v.get("file-read"), r.explain());
        assertEquals("hello from python", r.text("file-at-path"), r.explain());
        // The crash killed the first process; the retry ran in a new one and the workers went on.
        assertEquals("'survived'", v.get("crash-once"), r.explain());
        // onFailure = IGNORE: the run goes on, the result is None, the failure is one warning line
        // naming the task, the Python exception and the application's frame that raised it.
        assertEquals("None", v.get("fail"), r.explain());
        String fail = r.line("task tasks.fail(");
        assertTrue(fail.contains("(bytes[5], returns object#500) failed on 127.0.0.")
                && fail.contains("(onFailure = IGNORE)")
                && fail.contains(": Python task tasks.fail raised ValueError: boom 7 (at "
                        + r.dir().resolve("app").resolve("tasks.py") + ":30 in fail)"), fail);
        String jobErr = r.jobErr("fail");
        assertTrue(jobErr.contains("Traceback (most recent call last)") && jobErr.contains("raise ValueError"),
                "the whole traceback in the job's .err file: " + jobErr);
        assertEquals("None", v.get("missing"), r.explain());
        String missing = r.line("task tasks.nope(");
        assertTrue(missing.endsWith(": Python task tasks.nope raised AttributeError: module 'tasks' has no attribute"
                + " 'nope'"), missing);
        assertEquals("task tasks.make: unknown language 'ruby' (python, c)", r.text("unknown-language"));
        assertEquals("object 11 was never passed to a task (or was deleted)", r.text("deleted-object"));
        assertEquals("false", r.text("deleted-file-exists"));
        assertEquals("written at the end", Files.readString(r.dir().resolve("data/unwaited.txt")), r.explain());
        assertEquals("42", v.get("io"), r.explain());
        assertEquals("null", r.text("group-barrier"));
        // The time-out: the worker cancels the job and kills its process; IGNORE leaves None.
        assertEquals("None", v.get("time-out"), r.explain());
        assertTrue(r.line("task tasks.slow(bytes[5], returns object#800)").contains("ran past its time-out of 1000 ms"),
                r.explain());
        assertTrue(r.text("cancelled").matches("waiting on object 801 failed: d\\d+v\\d+ was not computed: cancelled: group"
                + " doomed was cancelled by the main program"), r.text("cancelled"));
        assertEquals("ok", r.text("stop"), r.explain());
    }

    @Test
    void aTaskWhoseProcessCrashesIsRetriedThenFailsTheRunWithOneLine() throws Exception {
        Run r = run("crash");
        String crash = r.text("crash");
        assertTrue(crash.matches("(?s)task tasks\\.crash\\(bytes\\[5\\], returns object#1\\) failed on 127\\.0\\.0\\.[23] after 2"
                + " attempts: task tasks\\.crash: the Python process \\d+ exited with 3; its stderr ends with: .*"), crash);
        assertTrue(r.line("[braid] ERROR: ").contains("after 2 attempts"), r.explain());
        assertTrue(r.text("stop").contains("after 2 attempts"), r.text("stop"));
    }

    /** What one driver run left: its results, its stderr. */
    record Run(Path dir, String stderr) {
        String text(String name) throws IOException {
            Path f = dir.resolve("results").resolve(name + ".txt");
            return Files.exists(f) ? Files.readString(f) : "(no " + name + ")";
        }

        /** The driver's stderr line that contains {@code part}. */
        String line(String part) {
            return stderr.lines().filter(l -> l.contains(part)).findFirst().orElse("(no line with " + part + " in:\n"
                    + stderr + ")");
        }

        /** The .err file of the (last) job of {@code function}, under the run's jobs/ folder. */
        String jobErr(String function) throws IOException {
            try (Stream<Path> s = Files.list(Path.of(text("logdir")).resolve("jobs"))) {
                Path f = s.filter(p -> p.getFileName().toString().endsWith("_" + function + ".err")).sorted()
                        .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no .err file of " + function));
                return Files.readString(f);
            }
        }

        /** Every pickle result, as Python's repr of it. */
        Map<String, String> values() throws Exception {
            List<String> cmd = new ArrayList<>(List.of("python3", "-c",
                    "import pickle,sys\nfor p in sys.argv[1:]:\n    print(p.rsplit('/',1)[1][:-7], repr(pickle.load(open(p,'rb'))))"));
            try (Stream<Path> s = Files.list(dir.resolve("results"))) {
                s.filter(p -> p.toString().endsWith(".pickle")).sorted().forEach(p -> cmd.add(p.toString()));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, text);
            Map<String, String> out = new HashMap<>();
            for (String line : text.split("\n")) {
                int sp = line.indexOf(' ');
                if (sp > 0) {
                    out.put(line.substring(0, sp), line.substring(sp + 1));
                }
            }
            return out;
        }

        String explain() {
            return "driver stderr:\n" + stderr;
        }
    }

    private static Run run(String scenario) throws Exception {
        return run(scenario, "tasks.py", TASKS);
    }

    /** Runs the driver's {@code scenario} with the module {@code module} (its source {@code source}) in the app directory. */
    static Run run(String scenario, String module, String source) throws Exception {
        Path dir = Repo.root().resolve("tests/target/it-apps/foreign").resolve(scenario);
        deleteTree(dir);
        Path app = Files.createDirectories(dir.resolve("app"));
        Files.writeString(app.resolve(module), source);
        Clusters.Files cluster = Clusters.local(2).cus(1).write(dir);
        String options = String.join(" ", cluster.options()) + " --base_log_dir=" + dir.resolve("logs");
        String classes = Path.of(ForeignDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path stderr = dir.resolve("driver.err");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", Repo.root().resolve("runtime/dist/target/braid.jar") + File.pathSeparator + classes,
                ForeignDriver.class.getName(), scenario, dir.toString(), app.toString(), options)
                .redirectOutput(dir.resolve("driver.out").toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("the driver did not end in 300 s; stderr:\n" + Files.readString(stderr));
        }
        return new Run(dir, Files.readString(stderr));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
