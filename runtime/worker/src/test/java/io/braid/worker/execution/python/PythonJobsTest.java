package io.braid.worker.execution.python;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.worker.execution.taskprocess.CancelledWhenStarted;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs of Python tasks as the master sends them (a {@link RunTask} with a {@link ForeignCall}),
 * run by {@link PythonJobs} as a worker builds it: the braid package copied from the worker's
 * own class path, real python3 processes, objects passed and given back as pickles.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PythonJobsTest {
    /** pickle.dumps(1, protocol=5), as Python writes a return value. */
    private static final byte[] PICKLED_ONE = {(byte) 0x80, 5, 'K', 1, '.'};

    @TempDir
    Path tmp;
    private PythonJobs jobs;
    private Path app;

    @BeforeEach
    void start() throws Exception {
        app = Files.createDirectories(tmp.resolve("app"));
        Files.writeString(app.resolve("jobtasks.py"), String.join("\n",
                "def grow(items, n, out):",
                "    items.append(n)",
                "    with open(out, 'w') as f:",
                "        f.write(repr(items))",
                "    return len(items)",
                "def show(value, out):",
                "    with open(out, 'w') as f:",
                "        f.write(repr(value))",
                "def tag_all(items, others):",
                "    for i, item in enumerate(items):",
                "        item.append(i)",
                "    return sum(len(o) for o in others)",
                "def fails(x):",
                "    raise KeyError(x)",
                "def hangs(started):",
                "    import time",
                "    open(started, 'w').close()",
                "    time.sleep(600)",
                "def big(n):",
                "    return bytearray(b'x' * n)",
                "def extend(data, n):",
                "    data.extend(b'y' * n)",
                "def grow_list(items):",
                "    items.append(bytearray(5000))",
                "def length(data, out):",
                "    with open(out, 'w') as f:",
                "        f.write(str(len(data)) + ' ' + data[-1:].decode())",
                ""));
        jobs = PythonJobs.forWorker("python3", tmp.resolve("wd"), tmp.resolve("logs"), 1, 1000);
    }

    @AfterEach
    void stop() {
        jobs.close();
    }

    @Test
    void objectsGoAndComeBackAsPicklesAndReturnsFillTheLastParameters() throws Exception {
        Path out = tmp.resolve("grow.txt");
        Object[] values = {new byte[] {(byte) 0x80, 2, ']', '.'}, base64(0x80, 2, 'K', 5, '.'),
                out.toString(), null};
        jobs.run(job(1, "grow", 1, List.of(object("d1v1", "d1v2"), value(), fileOut(), object(null, "d3v1"))), values);
        assertEquals("[5]", Files.readString(out));
        assertArrayEquals(PICKLED_ONE, (byte[]) values[3], "the return value, as Python pickled it");
        // The updated object is a pickle the next task reads.
        Path shown = tmp.resolve("show.txt");
        jobs.run(job(2, "show", 0, List.of(object("d1v2", null), fileOut())), new Object[] {values[0], shown.toString()});
        assertEquals("[5]", Files.readString(shown));
        assertTrue(Files.isRegularFile(tmp.resolve("wd/python-package/braid/worker/__main__.py")),
                "the worker's copy of the braid package");
    }

    @Test
    void anObjectPastTheThresholdIsAFileOfTheWorkingDirectoryAndGoesToTheNextTaskAsOne() throws Exception {
        Object[] made = {base64(0x80, 2, 'M', 0x10, 0x27, '.'), null}; // big(10000) -> d7v1
        jobs.run(job(7, "big", 1, List.of(value(), object(null, "d7v1"))), made);
        Path file = (Path) made[1];
        assertEquals(tmp.resolve("wd"), file.getParent(), "written by the process to the working directory");
        long size = Files.size(file);
        assertTrue(size > 10_000, "the whole pickle is in the file: " + size);

        Object[] extended = {file, base64(0x80, 2, 'K', 5, '.')}; // extend(d7v1 -> d7v2, 5)
        jobs.run(job(8, "extend", 0, List.of(object("d7v1", "d7v2"), value())), extended);
        assertEquals(tmp.resolve("wd/d7v2_object.pickle"), extended[0], "the new version has a file of its own");
        assertEquals(size, Files.size(file), "the input version's file is left as it was");

        Path shown = tmp.resolve("length.txt");
        jobs.run(job(9, "length", 0, List.of(object("d7v2", null), fileOut())), new Object[] {extended[0], shown.toString()});
        assertEquals("10005 y", Files.readString(shown));
    }

    @Test
    void theFilesOfAJobThatFailsAfterItsTaskReturnedAreDeleted() throws Exception {
        // grow_list adds a large element to its INOUT collection of one: the job fails, the element's file goes
        Object[] values = {"1", new byte[] {(byte) 0x80, 2, ']', '.'}};
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> jobs.run(job(10, "grow_list", 0, List.of(header(1), object("d8v1", "d8v2"))), values));
        assertTrue(e.getMessage().contains("grew collection argument 0"), e.getMessage());
        try (var files = Files.list(tmp.resolve("wd"))) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".pickle")).toList());
        }
    }

    @Test
    void aCollectionIsOneListArgumentAndItsElementsComeBackOneByOne() throws Exception {
        byte[] emptyList = {(byte) 0x80, 2, ']', '.'};
        // tag_all(items: INOUT collection of 2, others: IN collection of 3) -> returns 1
        List<JobParam> params = List.of(header(2), object("d1v1", "d1v2"), object("d2v1", "d2v2"),
                header(3), object("d3v1", null), object("d4v1", null), object("d5v1", null), object(null, "d6v1"));
        Object[] values = {"2", emptyList, emptyList, "3", emptyList, emptyList, emptyList, null};
        jobs.run(job(5, "tag_all", 1, params), values);
        assertArrayEquals(new byte[] {(byte) 0x80, 5, 'K', 0, '.'}, (byte[]) values[7], "0 elements in the others");
        Path shown = tmp.resolve("items.txt");
        jobs.run(job(6, "show", 0, List.of(object("d2v2", null), fileOut())), new Object[] {values[2], shown.toString()});
        assertEquals("[1]", Files.readString(shown), "the second element, tagged with its index");
        assertEquals(emptyList, values[4], "IN elements are not given back");
    }

    @Test
    void aPythonExceptionIsOneLineNamingTheFrameThenTheTraceback() {
        PythonTaskException e = assertThrows(PythonTaskException.class, () -> jobs.run(job(3, "fails", 0,
                List.of(value())), new Object[] {base64(0x80, 2, 'K', 9, '.')}));
        String[] lines = e.getMessage().split("\n");
        assertEquals("Python task jobtasks.fails raised KeyError: 9 (at " + app.resolve("jobtasks.py") + ":14 in fails)",
                lines[0]);
        assertTrue(e.getMessage().contains("Traceback (most recent call last)"), e.getMessage());
        assertEquals(e.getMessage(), e.toString(), "no Java class name before the first line");
    }

    @Test
    void aCancelledJobKillsItsProcess() throws Exception {
        Path started = tmp.resolve("started");
        PythonProcessDiedException e = CancelledWhenStarted.call(() -> Files.exists(started),
                () -> assertThrows(PythonProcessDiedException.class, () -> jobs.run(job(4, "hangs", 0,
                        List.of(fileOut())), new Object[] {started.toString()})));
        assertTrue(e.getMessage().contains("was killed (task cancelled)"), e.getMessage());
    }

    private RunTask job(long id, String function, int returns, List<JobParam> params) {
        return new RunTask(id, id, "jobtasks", function, List.of(), false, params, null, false, 1, 0, null,
                new ForeignCall(ForeignCall.PYTHON, "jobtasks", function, app.toString(), returns));
    }

    private static JobParam object(String in, String out) {
        return new JobParam(JobParam.Kind.OBJECT, "object", null, in, out, List.of(), null);
    }

    private static JobParam value() {
        return new JobParam(JobParam.Kind.VALUE, "bytes", Base64.getEncoder().encodeToString(new byte[] {1}), null, null,
                List.of(), null);
    }

    private static JobParam header(int n) {
        return JobParam.collectionHeader(n);
    }

    private static String base64(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return Base64.getEncoder().encodeToString(b);
    }

    private static JobParam fileOut() {
        return new JobParam(JobParam.Kind.FILE, "file", null, null, "d2v1", List.of(), "out.txt");
    }
}
