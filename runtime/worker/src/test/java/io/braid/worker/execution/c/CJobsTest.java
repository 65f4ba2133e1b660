package io.braid.worker.execution.c;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.worker.execution.taskprocess.CancelledWhenStarted;
import io.braid.worker.execution.taskprocess.ExecutorSlot;
import io.braid.worker.execution.taskprocess.TaskProcessDiedException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs of C tasks as the master sends them, run by {@link CJobs} in real braid-c-worker
 * processes: braid-c-worker and the worker library of bindings-c/tests/cworker/tasks.idl are
 * compiled by the test with cc (this module builds before bindings-c's CMake).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CJobsTest {
    private static final Path C = Path.of("../../bindings-c").toAbsolutePath().normalize();
    @TempDir
    static Path build;
    private static Path worker;
    private static Path library;

    @TempDir
    Path tmp;
    private CJobs jobs;

    @BeforeAll
    static void compile() throws Exception {
        worker = build.resolve("braid-c-worker");
        exec("cc", "-O2", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-I", C.resolve("include").toString(),
                C.resolve("worker/main.c").toString(), C.resolve("worker/wire.c").toString(),
                C.resolve("worker/run_task.c").toString(), "-o", worker.toString(), "-ldl");
        Path gen = build.resolve("gen");
        exec("python3", C.resolve("../scripts/braid-c-buildapp").normalize().toString(),
                C.resolve("tests/cworker/tasks.idl").toString(), "-o", gen.toString());
        library = build.resolve("libtasks-worker.so");
        exec("cc", "-O2", "-shared", "-fPIC", "-I", gen.toString(), "-I", C.resolve("tests/cworker").toString(),
                "-I", C.resolve("include").toString(), C.resolve("tests/cworker/tasks-functions.c").toString(),
                C.resolve("tests/cworker/point.c").toString(), gen.resolve("tasks-executor.c").toString(), "-o",
                library.toString());
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", command) + ":\n" + text);
    }

    @BeforeEach
    void start() {
        jobs = new CJobs(() -> worker, tmp.resolve("logs"));
    }

    @AfterEach
    void stop() {
        jobs.close();
    }

    @Test
    void valuesGoAndComeBackAsValueEncodingsInOneProcessPerExecutorAndLibrary() throws Exception {
        Object[] values = {b64(i32(2)), b64(i32(40)), null};
        jobs.run(job(1, "add", 1, List.of(value(), value(), returned())), values);
        assertArrayEquals(i32(42), (byte[]) values[2], "the return, an int's VALUE");
        long pid = jobs.pid(ExecutorSlot.current(), library.toString());
        assertTrue(pid > 0);

        // scale(inout double x, in double factor, out long truncated): x as an object, truncated written only.
        values = new Object[] {f64(2.5), b64(f64(3.0)), null};
        jobs.run(job(2, "scale", 0, List.of(object("d1v1", "d1v2"), value(), object(null, "d2v1"))), values);
        assertArrayEquals(f64(7.5), (byte[]) values[0]);
        assertArrayEquals(ByteBuffer.allocate(8).putLong(7).array(), (byte[]) values[2]);

        // write_text(in string, out File): the File's path goes as a string VALUE; the task writes it.
        Path out = tmp.resolve("text.txt");
        jobs.run(job(3, "write_text", 0, List.of(value(), fileOut())), new Object[] {b64(str("from C")), out.toString()});
        assertEquals("from C", Files.readString(out));
        assertEquals(pid, jobs.pid(ExecutorSlot.current(), library.toString()), "the same process for every task");
    }

    @Test
    void aJobThatDoesNotFitTheLibraryIsOneLineAndTheProcessGoesOn() throws Exception {
        CTaskException e = assertThrows(CTaskException.class, () -> jobs.run(job(1, "nope", 0, List.of()), new Object[0]));
        assertEquals("C task Tasks.nope: no task function nope in " + library
                + " (it has: add, crash, greet, increment, kinds, move, noop, scale, write_text)", e.getMessage());
        assertEquals(e.getMessage(), e.toString());
        long pid = jobs.pid(ExecutorSlot.current(), library.toString());
        e = assertThrows(CTaskException.class, () -> jobs.run(job(2, "add", 1, List.of(value(), value(), returned())),
                new Object[] {b64(new byte[3]), b64(i32(1)), null}));
        assertEquals("C task Tasks.add: argument 1 (in int a): 3 bytes, not a VALUE of int (4 bytes)", e.getMessage());
        e = assertThrows(CTaskException.class, () -> jobs.run(job(3, "add", 0, List.of(value(), value())),
                new Object[] {b64(i32(1)), b64(i32(1))}));
        assertEquals("C task Tasks.add: add returns int in " + library + ", the task was defined with 0 return values",
                e.getMessage());
        e = assertThrows(CTaskException.class, () -> jobs.run(job(4, "greet", 1,
                List.of(value(), object("d1v1", "d1v2"), value(), returned())), new Object[] {b64(str("a")), str("b"),
                        b64(str("c")), null}));
        assertEquals("C task Tasks.greet: argument 3 (out string shout) is passed as IN VALUE", e.getMessage());
        assertEquals(pid, jobs.pid(ExecutorSlot.current(), library.toString()), "no process was lost to these");
    }

    @Test
    void anAbortFailsItsTaskNamingTheSignalAndTheNextTaskGetsANewProcess() throws Exception {
        jobs.run(job(1, "noop", 0, List.of()), new Object[0]);
        long first = jobs.pid(ExecutorSlot.current(), library.toString());
        TaskProcessDiedException e = assertThrows(TaskProcessDiedException.class,
                () -> jobs.run(job(2, "crash", 0, List.of(value())), new Object[] {b64(i32(1))}));
        assertTrue(e.getMessage().startsWith("C task Tasks.crash: the C process " + first
                + " was killed by signal 6 (SIGABRT); its stderr ends with: "), e.getMessage());
        Object[] values = {b64(i32(1)), b64(i32(2)), null};
        jobs.run(job(3, "add", 1, List.of(value(), value(), returned())), values);
        assertArrayEquals(i32(3), (byte[]) values[2]);
        assertNotEquals(first, jobs.pid(ExecutorSlot.current(), library.toString()));
    }

    @Test
    void aProcessKilledBetweenTasksIsReplacedWithoutFailingTheNextTask() throws Exception {
        jobs.run(job(1, "noop", 0, List.of()), new Object[0]);
        long first = jobs.pid(ExecutorSlot.current(), library.toString());
        ProcessHandle.of(first).orElseThrow().destroyForcibly();
        // Dead (a zombie, or reaped), but maybe not yet seen by the JVM: the task may find it "alive" and
        // its pipe closed, and must then go to a new process, not fail.
        Path stat = Path.of("/proc/" + first + "/stat");
        while (Files.exists(stat) && !dead(stat)) { // the class @Timeout bounds the wait
            Thread.onSpinWait();
        }
        Object[] values = {b64(i32(20)), b64(i32(22)), null};
        jobs.run(job(2, "add", 1, List.of(value(), value(), returned())), values);
        assertArrayEquals(i32(42), (byte[]) values[2]);
        assertNotEquals(first, jobs.pid(ExecutorSlot.current(), library.toString()));
    }

    @Test
    void aCancelledJobKillsItsProcess() throws Exception {
        // increment(inout File) opening a FIFO no one writes: the task blocks in C until it is cancelled.
        Path fifo = tmp.resolve("fifo");
        exec("mkfifo", fifo.toString());
        int executor = ExecutorSlot.current();
        TaskProcessDiedException e = CancelledWhenStarted.call(() -> jobs.pid(executor, library.toString()) >= 0,
                () -> assertThrows(TaskProcessDiedException.class, () -> jobs.run(job(1, "increment", 0,
                        List.of(new JobParam(JobParam.Kind.FILE, "file", null, "d1v1", "d1v2", List.of(), "fifo"))),
                        new Object[] {fifo.toString()})));
        assertTrue(e.getMessage().startsWith("C task Tasks.increment: the C process ")
                && e.getMessage().contains(" was killed (task cancelled)"), e.getMessage());
        assertEquals(-1, jobs.pid(executor, library.toString()), "the killed process is dropped");
    }

    private static boolean dead(Path stat) {
        try {
            String s = Files.readString(stat);
            return s.substring(s.lastIndexOf(')') + 2).startsWith("Z");
        } catch (java.io.IOException e) {
            return true; // gone
        }
    }

    @Test
    void aLibraryBraidCWorkerCannotLoadIsOneLineNamingIt() throws Exception {
        Path notALibrary = Files.writeString(tmp.resolve("libnot-worker.so"), "text");
        TaskProcessDiedException e = assertThrows(TaskProcessDiedException.class, () -> jobs.run(
                new RunTask(1, 1, "Tasks", "noop", List.of(), false, List.of(), null, false, 1, 0, null,
                        new ForeignCall(ForeignCall.C, "Tasks", "noop", notALibrary.toString(), 0)), new Object[0]));
        assertTrue(e.getMessage().startsWith("braid-c-worker " + notALibrary + " did not start: the C process ")
                && e.getMessage().contains(" exited with 2; its stderr ends with: braid-c-worker: cannot load "
                + notALibrary), e.getMessage());
    }

    @Test
    void noBraidCWorkerIsOneLineNamingTheSetting() {
        String missing = tmp.resolve("nowhere/braid-c-worker").toString();
        assertEquals("BRAID_C_WORKER=" + missing + ": no executable file there (the braid-c-worker that runs C tasks)",
                assertThrows(IllegalStateException.class, () -> CWorkerExecutable.find(missing)).getMessage());
    }

    private RunTask job(long id, String function, int returns, List<JobParam> params) {
        return new RunTask(id, id, "Tasks", function, List.of(), false, new ArrayList<>(params), null, false, 1, 0, null,
                new ForeignCall(ForeignCall.C, "Tasks", function, library.toString(), returns));
    }

    private static JobParam value() {
        return new JobParam(JobParam.Kind.VALUE, "bytes", "", null, null, List.of(), null);
    }

    private static JobParam object(String in, String out) {
        return new JobParam(JobParam.Kind.OBJECT, "object", null, in, out, List.of(), null);
    }

    private static JobParam returned() {
        return object(null, "r1v1");
    }

    private static JobParam fileOut() {
        return new JobParam(JobParam.Kind.FILE, "file", null, null, "d9v1", List.of(), "text.txt");
    }

    private static String b64(byte[] b) {
        return Base64.getEncoder().encodeToString(b);
    }

    private static byte[] i32(int v) {
        return ByteBuffer.allocate(4).putInt(v).array();
    }

    private static byte[] f64(double v) {
        return ByteBuffer.allocate(8).putDouble(v).array();
    }

    private static byte[] str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + b.length).putInt(b.length).put(b).array();
    }
}
