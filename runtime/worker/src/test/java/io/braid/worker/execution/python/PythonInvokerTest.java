package io.braid.worker.execution.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python tasks through real {@code python3 -m braid.worker} processes, the braid package taken
 * from bindings-python/src of this checkout: values across tasks, files, INOUT objects, a Python
 * exception with its traceback, a crashed process replaced by the next task.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PythonInvokerTest {
    private static final Path BRAID_SRC = Path.of("../../bindings-python/src").toAbsolutePath().normalize();

    @TempDir
    Path tmp;
    private PythonInvoker invoker;

    @BeforeEach
    void start() throws Exception {
        assertTrue(Files.isDirectory(BRAID_SRC.resolve("braid/worker")), "braid package not found at " + BRAID_SRC);
        Path app = Files.createDirectories(tmp.resolve("app"));
        Files.writeString(app.resolve("pytasks.py"), String.join("\n",
                "import os",
                "from braid.api.task import task",
                "from braid.api.parameter import FILE_OUT, INOUT",
                "@task(returns=1)",
                "def add(a, b):",
                "    return a + b",
                "@task(path=FILE_OUT)",
                "def show(value, path):",
                "    with open(path, 'w') as f:",
                "        f.write(repr(value))",
                "@task(box=INOUT)",
                "def append(box, value):",
                "    box.append(value)",
                "@task(returns=1)",
                "def pid():",
                "    return os.getpid()",
                "def helper(x):",
                "    raise ValueError('no ' + x)",
                "@task()",
                "def fails(x):",
                "    helper(x)",
                "@task()",
                "def garbles():",
                "    from braid.worker import channel",
                "    channel.current._replies.write(b'\\x00\\x00\\x00\\x03\\x02\\x00\\x00')",
                "    channel.current._replies.flush()",
                "def dies(code):",
                "    print('last words', flush=True)",
                "    os._exit(code)",
                "@task()",
                "@task(started=FILE_OUT)",
                "def hangs(started):",
                "    import time",
                "    open(started, 'w').close()",
                "    time.sleep(600)",
                ""));
        invoker = new PythonInvoker(new PythonSettings(List.of("python3"), List.of(app), List.of(BRAID_SRC),
                tmp.resolve("logs")));
    }

    @AfterEach
    void stop() {
        invoker.close();
    }

    private PythonTaskResult run(int executor, String function, int returns, PythonArg... args) throws Exception {
        return invoker.run(executor, PythonTaskCall.of(1, "pytasks", function, List.of(args), returns));
    }

    private String shown(PythonArg value) throws Exception {
        Path out = tmp.resolve("shown.txt");
        PythonTaskResult r = run(0, "show", 0, value, PythonArg.file(out.toString(), "OUT"));
        assertTrue(r.ok(), r.traceback());
        return Files.readString(out);
    }

    /**
     * A worker of a Python main program (its command's --python_prestart) starts a process for each of its
     * executors before any task, a one-executor worker too; the first tasks take them.
     */
    @Test
    void aPrestartStartsEveryExecutorsProcessBeforeAnyTaskAndTheFirstTasksTakeThem() throws Exception {
        for (int executors : new int[] {1, 2}) {
            invoker.close();
            Path logs = tmp.resolve("logs-" + executors);
            invoker = new PythonInvoker(new PythonSettings(List.of("python3"), List.of(tmp.resolve("app")),
                    List.of(BRAID_SRC), logs), executors);
            invoker.prestart();
            assertEquals(executors, invoker.spares(), "started ahead, before any task");
            invoker.prestart();
            assertEquals(executors, invoker.spares(), "once");
            for (int e = 0; e < executors; e++) {
                assertTrue(run(e, "pid", 1).ok());
            }
            assertEquals(0, invoker.spares(), "each executor's first task took one");
            try (var files = Files.list(logs)) {
                assertEquals(executors, files.filter(f -> f.getFileName().toString().startsWith("python-spare-"))
                        .count(), "no process of its own for a first task");
            }
        }
    }

    /**
     * A worker of 3 executors: its first task starts the three executors' processes at once, and
     * those executors' first tasks run in them (no start of their own: no more spares afterwards,
     * and each executor keeps its own process).
     */
    @Test
    void theFirstTaskStartsTheOtherExecutorsProcessesAheadAndTheirFirstTasksUseThem() throws Exception {
        invoker.close();
        invoker = new PythonInvoker(new PythonSettings(List.of("python3"), List.of(tmp.resolve("app")),
                List.of(BRAID_SRC), tmp.resolve("logs")), 3);
        assertEquals(0, invoker.spares(), "nothing starts before the first task");
        assertTrue(run(0, "pid", 1).ok());
        assertEquals(2, invoker.spares(), "the other two executors' processes, started ahead");
        assertTrue(run(1, "pid", 1).ok());
        assertTrue(run(2, "pid", 1).ok());
        assertEquals(0, invoker.spares());
        assertEquals(3, java.util.stream.LongStream.of(invoker.pid(0), invoker.pid(1), invoker.pid(2)).distinct()
                .filter(p -> p > 0).count(), "one process per executor");
        try (var logs = Files.list(tmp.resolve("logs"))) {
            assertEquals(3, logs.filter(f -> f.getFileName().toString().startsWith("python-spare-")).count(),
                    "three processes in all, each started ahead");
        }
        // a one-executor invoker starts nothing ahead
        assertEquals(0, new PythonInvoker(new PythonSettings(List.of("python3"), List.of(), List.of(BRAID_SRC),
                tmp.resolve("logs"))).spares());
    }

    @Test
    void runsSeveralTasksInOneProcessAndValuesTravelAsPickles() throws Exception {
        PythonTaskResult sum = run(0, "add", 1, PythonArg.literal(20), PythonArg.literal(22));
        assertTrue(sum.ok(), sum.traceback());
        byte[] pickle = sum.returns().get(0).pickle();
        assertEquals("42", shown(PythonArg.value(pickle, "IN")));
        assertEquals("'ab'", shown(PythonArg.value(run(0, "add", 1, PythonArg.literal("a"),
                PythonArg.literal("b")).returns().get(0).pickle(), "IN")));
        long pid = invoker.pid(0);
        assertEquals(String.valueOf(pid), shown(PythonArg.value(run(0, "pid", 1).returns().get(0).pickle(), "IN")));
    }

    @Test
    void inoutObjectComesBackUpdatedAndCollectionsAreLists() throws Exception {
        byte[] emptyList = run(0, "add", 1, PythonArg.collection("IN", List.of()),
                PythonArg.collection("IN", List.of())).returns().get(0).pickle();
        PythonTaskResult r = run(0, "append", 0, PythonArg.value(emptyList, "INOUT"), PythonArg.literal(7));
        assertTrue(r.ok(), r.traceback());
        assertEquals(1, r.updated().size());
        assertEquals("0", r.updated().get(0).arg());
        assertEquals("[7]", shown(PythonArg.value(r.updated().get(0).value().pickle(), "IN")));
        Path box = tmp.resolve("box.pickle");
        Files.write(box, emptyList);
        Path boxOut = tmp.resolve("box2.pickle");
        r = run(0, "append", 0, PythonArg.objectFile(box.toString(), "INOUT", boxOut.toString()), PythonArg.literal("x"));
        assertEquals(boxOut.toString(), r.updated().get(0).value().path());
        assertEquals("['x']", shown(PythonArg.objectFile(boxOut.toString(), "IN", null)));
    }

    @Test
    void aPythonExceptionComesBackWithItsTracebackAndTheProcessGoesOn() throws Exception {
        run(0, "pid", 1);
        long pid = invoker.pid(0);
        PythonTaskResult r = run(0, "fails", 0, PythonArg.literal("luck"));
        assertFalse(r.ok());
        assertEquals("ValueError", r.errorType());
        assertEquals("no luck", r.message());
        assertTrue(r.traceback().contains("in helper") && r.traceback().contains("raise ValueError"), r.traceback());
        assertTrue(run(0, "pid", 1).ok());
        assertEquals(pid, invoker.pid(0));
    }

    @Test
    void aCrashedProcessFailsItsTaskAndTheNextTaskGetsANewProcess() throws Exception {
        run(0, "pid", 1);
        long first = invoker.pid(0);
        PythonProcessDiedException e = assertThrows(PythonProcessDiedException.class,
                () -> run(0, "dies", 0, PythonArg.literal(7)));
        assertTrue(e.getMessage().contains("task pytasks.dies: the Python process " + first + " exited with 7"), e.getMessage());
        assertTrue(e.getMessage().contains("last words"), e.getMessage());
        assertFalse(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false));
        assertTrue(run(0, "pid", 1).ok());
        assertNotEquals(first, invoker.pid(0));
    }

    @Test
    void aProcessThatBreaksTheProtocolFailsItsTaskAndIsReplaced() throws Exception {
        run(0, "pid", 1);
        long first = invoker.pid(0);
        PythonProcessDiedException e = assertThrows(PythonProcessDiedException.class, () -> run(0, "garbles", 0));
        assertTrue(e.getMessage().contains("task pytasks.garbles: the Python process " + first
                + " broke the worker protocol (Python worker sent a compact result whose fields run past its frame)"),
                e.getMessage());
        ProcessHandle.of(first).ifPresent(h -> h.onExit().orTimeout(10, TimeUnit.SECONDS).join()); // killed
        assertTrue(run(0, "pid", 1).ok());
        assertNotEquals(first, invoker.pid(0));
    }

    @Test
    void executorsHaveTheirOwnProcessesAndACancelledTaskEndsItsProcess() throws Exception {
        run(0, "pid", 1);
        run(1, "pid", 1);
        assertNotEquals(invoker.pid(0), invoker.pid(1));
        Path started = tmp.resolve("started");
        CompletableFuture<PythonTaskResult> hanging = CompletableFuture.supplyAsync(() -> {
            try {
                return run(1, "hangs", 0, PythonArg.file(started.toString(), "OUT"));
            } catch (PythonProcessDiedException ex) {
                throw ex;
            } catch (Exception ex) {
                throw new RuntimeException(ex);
            }
        });
        long pid = invoker.pid(1);
        while (!Files.exists(started)) { // the task is running (the class @Timeout bounds the wait)
            assertFalse(hanging.isDone(), () -> "the task ended: " + hanging.join());
            Thread.sleep(5);
        }
        invoker.cancel(1);
        Exception failed = assertThrows(Exception.class, hanging::join);
        assertTrue(failed.getCause() instanceof PythonProcessDiedException, String.valueOf(failed));
        assertTrue(failed.getCause().getMessage().contains("the Python process " + pid + " was killed (task cancelled)"),
                failed.getCause().getMessage());
        assertTrue(ProcessHandle.of(pid).map(h -> h.onExit().join()).map(h -> !h.isAlive()).orElse(true));
        assertEquals(-1, invoker.pid(1));
        assertTrue(run(0, "pid", 1).ok());
    }

    @Test
    void aMissingInterpreterIsOneClearError() {
        PythonInvoker bad = new PythonInvoker(new PythonSettings(List.of("no-such-python-3"), List.of(), List.of(),
                tmp.resolve("logs")));
        PythonProcessDiedException e = assertThrows(PythonProcessDiedException.class,
                () -> bad.run(0, PythonTaskCall.of(1, "pytasks", "pid", List.of(), 1)));
        assertTrue(e.getMessage().startsWith("cannot start the Python worker no-such-python-3 -m braid.worker"),
                e.getMessage());
        bad.close();
    }
}
