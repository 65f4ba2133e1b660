package io.braid.it.foreign;

import io.braid.it.Clusters;
import io.braid.it.Repo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * C tasks submitted by a main program that is not Java ({@link CForeignDriver}, calling what
 * libbraid calls through JNI) and run on two local workers by real {@code braid-c-worker}
 * processes. The test builds what it needs with {@code cc} (this module may build before
 * bindings-c's CMake): braid-c-worker from bindings-c/worker, and the worker library of
 * bindings-c/tests/cworker/tasks.idl through braid-c-buildapp.
 */
class CForeignTasksTest {
    static Path out;
    static Path worker;
    static Path library;

    @BeforeAll
    static void build() throws Exception {
        out = Repo.root().resolve("tests/target/it-apps/c-foreign");
        Built b = buildWorkerAndLibrary(out.resolve("build"));
        worker = b.worker();
        library = b.library();
    }

    record Built(Path worker, Path library) {
    }

    /** braid-c-worker and libtasks-worker.so, compiled with cc into {@code dir}. */
    static Built buildWorkerAndLibrary(Path dir) throws Exception {
        Path root = Repo.root();
        Path c = root.resolve("bindings-c");
        Files.createDirectories(dir);
        Path exe = dir.resolve("braid-c-worker");
        exec(dir, "cc", "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-I", c.resolve("include").toString(),
                c.resolve("worker/main.c").toString(), c.resolve("worker/wire.c").toString(),
                c.resolve("worker/run_task.c").toString(), "-o", exe.toString(), "-ldl");
        Path gen = dir.resolve("gen");
        exec(dir, "python3", root.resolve("scripts/braid-c-buildapp").toString(),
                c.resolve("tests/cworker/tasks.idl").toString(), "-o", gen.toString());
        Path lib = dir.resolve("libtasks-worker.so");
        exec(dir, "cc", "-O2", "-shared", "-fPIC", "-I", gen.toString(), "-I", c.resolve("tests/cworker").toString(),
                "-I", c.resolve("include").toString(), c.resolve("tests/cworker/tasks-functions.c").toString(),
                c.resolve("tests/cworker/point.c").toString(), gen.resolve("tasks-executor.c").toString(), "-o",
                lib.toString());
        return new Built(exe, lib);
    }

    private static void exec(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", command) + ":\n" + text);
    }

    @Test
    void cTasksPassValueEncodingsThroughTheMasterAndTheWorkers() throws Exception {
        Run r = run("dataflow");
        assertEquals(5, r.value("add").getInt(), r.explain());
        assertEquals(15, r.value("chain").getInt(), "a chain of 10 dependent add tasks from 5; " + r.explain());
        assertEquals(7.5, r.value("scaled").getDouble(), "inout double");
        assertEquals(7L, r.value("truncated").getLong(), "out long");
        assertEquals(65 - 300 + 1 + 10 + 4000000000L, r.value("kinds").getLong(), "char, short, boolean, float, unsigned");
        assertEquals("start;ada;", r.string("greet-log"), "inout string");
        assertEquals("ADA!", r.string("greet-shout"), "out string");
        assertEquals("hello, ada", r.string("greet"), "returned string");
        assertEquals("43\n", r.text("counter"), "inout File, twice");
        assertEquals("written by C", r.text("text"), "out File");
        assertEquals("10.5 20.0 q+moved", r.point("move-q"), "inout user type");
        assertEquals("1.5 2.0 p->r", r.point("move-r"), "out user type");
        assertEquals("2.0 4.0 twice p", r.point("move"), "returned user type");

        // Errors are one line naming the function and the library; onFailure = IGNORE lets the run go on.
        String nope = r.line("task Tasks.nope(");
        assertTrue(nope.contains("(onFailure = IGNORE)") && nope.endsWith(": C task Tasks.nope: no task function nope in "
                + library
                + " (it has: add, crash, greet, increment, kinds, move, noop, scale, write_text)"), nope);
        String tooFew = r.line("task Tasks.add(bytes[4], returns object#60)");
        assertTrue(tooFew.endsWith(": C task Tasks.add: add takes 2 arguments (in int a, in int b), the task was"
                + " defined with 1"), tooFew);
        String wrongKind = r.line("task Tasks.increment(bytes[4])");
        assertTrue(wrongKind.endsWith(": C task Tasks.increment: argument 1 (inout File counter) is passed as IN VALUE"),
                wrongKind);

        // Killed between tasks (SIGKILL): the next task starts a new process and succeeds at once.
        assertTrue(Long.parseLong(r.text("killed")) >= 1, "a braid-c-worker of the library was running: " + r.explain());
        assertEquals(42, r.value("after-kill").getInt(), r.explain());
        assertEquals("ok", r.text("stop"), r.explain());
        assertTrue(r.runtimeLog().lines().noneMatch(l -> l.contains("task Tasks.add(bytes[4], bytes[4], returns object#70)")
                && l.contains("failed")), "the task after the kill did not fail");
        assertEquals(List.of(), leftProcesses(), "braid-c-worker processes left after the run");
    }

    @Test
    void aSegfaultingTaskIsRetriedThenFailsTheRunWithOneLineNamingTheSignal() throws Exception {
        Run r = run("crash");
        String crash = r.text("crash");
        assertTrue(crash.matches("(?s)task Tasks\\.crash\\(bytes\\[4\\]\\) failed on 127\\.0\\.0\\.[23] after 2 attempts:"
                + " C task Tasks\\.crash: the C process \\d+ was killed by signal 11 \\(SIGSEGV\\); its stderr ends with: .*\\n  worker log: .*"), crash);
        assertTrue(r.runtimeLog().contains("resubmitting it to another resource: C task Tasks.crash: the C process"),
                "retried once: " + r.explain());
        assertTrue(r.line("[braid] ERROR: ").contains("after 2 attempts"), r.explain());
        assertEquals(List.of(), leftProcesses(), "braid-c-worker processes left after the run");
    }

    private static List<Long> leftProcesses() {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> a.length == 1 && a[0].equals(library.toString())).orElse(false))
                .map(ProcessHandle::pid).toList();
    }

    /** What one driver run left: its results, its stderr. */
    record Run(Path dir, String stderr) {
        String text(String name) throws IOException {
            Path f = dir.resolve("results").resolve(name + ".txt");
            return Files.exists(f) ? Files.readString(f) : "(no " + name + ")";
        }

        ByteBuffer value(String name) throws IOException {
            Path f = dir.resolve("results").resolve(name + ".value");
            assertTrue(Files.exists(f), "no result " + name + "; " + explain());
            return ByteBuffer.wrap(Files.readAllBytes(f));
        }

        /** A string VALUE: u32 length, UTF-8. */
        String string(String name) throws IOException {
            ByteBuffer b = value(name);
            byte[] s = new byte[b.getInt()];
            b.get(s);
            assertEquals(0, b.remaining(), name + ": bytes after the string");
            return new String(s, StandardCharsets.UTF_8);
        }

        /** A Point VALUE (u32 length, x and y in host order, label), as "x y label". */
        String point(String name) throws IOException {
            ByteBuffer b = value(name);
            int n = b.getInt();
            assertEquals(n, b.remaining(), name);
            b.order(ByteOrder.nativeOrder());
            double x = b.getDouble();
            double y = b.getDouble();
            byte[] l = new byte[b.remaining()];
            b.get(l);
            return x + " " + y + " " + new String(l, StandardCharsets.UTF_8);
        }

        String line(String part) {
            return stderr.lines().filter(l -> l.contains(part)).findFirst().orElse("(no line with " + part + " in:\n"
                    + stderr + ")");
        }

        String runtimeLog() throws IOException {
            return Files.readString(Path.of(text("logdir")).resolve("runtime.log"));
        }

        String explain() {
            return "driver stderr:\n" + stderr;
        }
    }

    static Run run(String scenario, String... more) throws Exception {
        Path dir = out.resolve(scenario);
        deleteTree(dir);
        Files.createDirectories(dir);
        Clusters.Files cluster = Clusters.local(2).cus(1).write(dir);
        String options = String.join(" ", cluster.options()) + " --base_log_dir=" + dir.resolve("logs");
        String classes = Path.of(CForeignDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path stderr = dir.resolve("driver.err");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", Repo.root().resolve("runtime/dist/target/braid.jar") + File.pathSeparator + classes,
                CForeignDriver.class.getName(), scenario, dir.toString(), library.toString(), options));
        command.addAll(List.of(more));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("driver.out").toFile())
                .redirectError(stderr.toFile());
        pb.environment().put("BRAID_C_WORKER", worker.toString()); // local workers inherit the master's environment
        Process p = pb.start();
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
