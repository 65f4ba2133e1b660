package io.braid.worker.data;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A task sees its files under the main program's names, in its job's sandbox; what it writes
 * there becomes the new version; keepRename hands the renamed file; the sandbox goes away.
 */
class TaskFilesTest {
    @TempDir
    Path tmp;

    private WorkerDataStore store;
    private InputResolver inputs;

    private void worker() {
        store = new WorkerDataStore(tmp.resolve("wd"));
        inputs = new InputResolver("node1", store, null); // every input is local here: nothing is fetched
    }

    /** Registers a version of file {@code name} held by this worker. */
    private Path version(String dataName, String name, String content) throws IOException {
        Path file = store.filePathFor(dataName, name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        store.versions().putFile(dataName, file);
        return file;
    }

    private static JobParam in(String data, String name) {
        return new JobParam(JobParam.Kind.FILE, "java.lang.String", null, data, null, List.of(), name);
    }

    private static JobParam inout(String in, String out, String name) {
        return new JobParam(JobParam.Kind.FILE, "java.lang.String", null, in, out, List.of(), name);
    }

    private static JobParam out(String data, String name) {
        return new JobParam(JobParam.Kind.FILE, "java.lang.String", null, null, data, List.of(), name);
    }

    @Test
    void anInputIsALinkUnderItsOriginalNameInTheJobsSandbox() throws Exception {
        worker();
        Path v2 = version("d1v2", "counter", "2");
        Path seen;
        try (TaskFiles files = new TaskFiles(store, inputs, 7)) {
            seen = Path.of(files.path(in("d1v2", "counter")));
            assertEquals("counter", seen.getFileName().toString());
            assertEquals(store.sandboxFor(7), seen.getParent());
            assertTrue(Files.isSymbolicLink(seen), "linked, not copied");
            assertEquals(v2.toRealPath(), seen.toRealPath());
            assertEquals("2", Files.readString(seen));
        }
        assertFalse(Files.exists(store.sandboxFor(7)), "sandbox removed after the job");
        assertEquals("2", Files.readString(v2), "the version a link pointed to is kept");
    }

    @Test
    void anInoutWrittenThroughItsLinkBecomesTheNewVersionAndTheOldOneStays() throws Exception {
        worker();
        Path v1 = version("d1v1", "counter", "1");
        try (TaskFiles files = new TaskFiles(store, inputs, 1)) {
            JobParam p = inout("d1v1", "d1v2", "counter");
            Path seen = Path.of(files.path(p));
            assertEquals("counter", seen.getFileName().toString());
            Files.writeString(seen, Files.readString(seen) + "+1");
            Path v2 = files.commit(p);
            assertEquals(store.filePathFor("d1v2", "counter").toAbsolutePath(), v2);
            assertEquals("1+1", Files.readString(v2));
        }
        assertEquals("1", Files.readString(v1));
        assertEquals("1+1", Files.readString(store.filePathFor("d1v2", "counter")));
    }

    @Test
    void anInoutTheTaskReplacedIsMovedOntoTheNewVersion() throws Exception {
        worker();
        version("d1v1", "counter", "old");
        try (TaskFiles files = new TaskFiles(store, inputs, 1)) {
            JobParam p = inout("d1v1", "d1v2", "counter");
            Path seen = Path.of(files.path(p));
            // The write-a-temporary-then-rename pattern replaces the link with a file of its own.
            Path tmpFile = Files.writeString(seen.resolveSibling("counter.tmp"), "new");
            Files.move(tmpFile, seen, StandardCopyOption.REPLACE_EXISTING);
            assertEquals("new", Files.readString(files.commit(p)));
        }
        assertEquals("new", Files.readString(store.filePathFor("d1v2", "counter")));
    }

    @Test
    void anOutputCreatedUnderTheOriginalNameBecomesTheVersion() throws Exception {
        worker();
        try (TaskFiles files = new TaskFiles(store, inputs, 3)) {
            JobParam p = out("d5v1", "result.txt");
            Path seen = Path.of(files.path(p));
            assertEquals("result.txt", seen.getFileName().toString());
            assertFalse(Files.exists(seen), "an OUT file starts absent");
            Files.writeString(seen, "done");
            Path v = files.commit(p);
            assertEquals("d5v1_result.txt", v.getFileName().toString());
            assertEquals("done", Files.readString(v));
        }
        assertEquals("done", Files.readString(store.filePathFor("d5v1", "result.txt")));
    }

    @Test
    void anOutputTheTaskDidNotCreateIsAnErrorNamingTheFile() throws Exception {
        worker();
        try (TaskFiles files = new TaskFiles(store, inputs, 3)) {
            JobParam p = out("d5v1", "result.txt");
            files.path(p);
            IOException e = assertThrows(IOException.class, () -> files.commit(p));
            assertTrue(e.getMessage().contains("result.txt"), e.getMessage());
        }
    }

    @Test
    void twoJobsWithTwoVersionsOfOneFileSeeTheSameNameAndNeverMeet() throws Exception {
        worker();
        version("d1v1", "counter", "1");
        version("d1v2", "counter", "2");
        try (TaskFiles a = new TaskFiles(store, inputs, 10); TaskFiles b = new TaskFiles(store, inputs, 11)) {
            JobParam pa = inout("d1v1", "d1v3", "counter");
            JobParam pb = inout("d1v2", "d1v4", "counter");
            Path sa = Path.of(a.path(pa));
            Path sb = Path.of(b.path(pb));
            assertEquals(sa.getFileName(), sb.getFileName());
            assertNotEquals(sa, sb);
            Files.writeString(sa, "A");
            Files.writeString(sb, "B");
            assertEquals("A", Files.readString(a.commit(pa)));
            assertEquals("B", Files.readString(b.commit(pb)));
        }
        assertEquals("1", Files.readString(store.filePathFor("d1v1", "counter")));
        assertEquals("2", Files.readString(store.filePathFor("d1v2", "counter")));
    }

    @Test
    void twoParametersWithOneNameKeepItInDirectoriesOfTheirOwn() throws Exception {
        worker();
        version("d1v1", "data", "first");
        version("d2v1", "data", "second");
        try (TaskFiles files = new TaskFiles(store, inputs, 4)) {
            Path a = Path.of(files.path(in("d1v1", "data")));
            Path b = Path.of(files.path(in("d2v1", "data")));
            JobParam o = out("d3v1", "data");
            Path c = Path.of(files.path(o));
            assertEquals(List.of("data", "data", "data"),
                    List.of(a.getFileName().toString(), b.getFileName().toString(), c.getFileName().toString()));
            assertEquals(3, java.util.Set.of(a, b, c).size());
            assertEquals("first", Files.readString(a));
            assertEquals("second", Files.readString(b));
            Files.writeString(c, "third");
            assertEquals("third", Files.readString(files.commit(o)));
        }
    }

    @Test
    void keepRenameHandsTheRenamedFiles() throws Exception {
        worker();
        Path v1 = version("d1v1", "counter", "1");
        try (TaskFiles files = new TaskFiles(store, inputs, 5)) {
            JobParam r = new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d1v1", null, List.of(), "counter", true);
            assertEquals(v1.toAbsolutePath().toString(), files.path(r));
            JobParam w = new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d1v1", "d1v2", List.of(), "counter",
                    true);
            Path seen = Path.of(files.path(w));
            assertEquals("d1v2_counter", seen.getFileName().toString());
            Files.writeString(seen, "2");
            assertEquals(seen, files.commit(w));
            assertEquals(null, files.sandboxIfMade(), "no sandbox when every file keeps its rename");
        }
        assertEquals("2", Files.readString(store.filePathFor("d1v2", "counter")));
    }

    @Test
    void anInputAlreadyUnderItsOriginalNameOnASharedDiskIsReadInPlace() throws Exception {
        worker();
        Path shared = Files.writeString(Files.createDirectories(tmp.resolve("shared")).resolve("input.txt"), "hi");
        JobParam p = new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d1v1", null,
                List.of(new DataLocation("master", "127.0.0.1", 1, shared.toString())), "input.txt");
        try (TaskFiles files = new TaskFiles(store, inputs, 6)) {
            assertEquals(shared.toString(), files.path(p));
        }
    }

    @Test
    void aVersionAnotherNodeWroteOnASharedDiskIsLinkedUnderItsOriginalName() throws Exception {
        worker();
        Path shared = Files.writeString(Files.createDirectories(tmp.resolve("pfs/wd-node2")).resolve("d1v2_counter"), "2");
        JobParam p = new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d1v2", null,
                List.of(new DataLocation("node2", "127.0.0.3", 1, shared.toString())), "counter");
        try (TaskFiles files = new TaskFiles(store, inputs, 9)) {
            Path seen = Path.of(files.path(p));
            assertEquals("counter", seen.getFileName().toString());
            assertEquals(shared.toRealPath(), seen.toRealPath(), "read in place through the link, not copied");
        }
        assertEquals("2", Files.readString(shared));
    }

    @Test
    void aStartingWorkerClearsTheSandboxesADeadWorkerLeft() throws Exception {
        worker();
        Path v1 = version("d1v1", "counter", "1");
        TaskFiles files = new TaskFiles(store, inputs, 12);
        files.path(in("d1v1", "counter")); // the process dies here: close() never runs
        assertTrue(Files.exists(store.sandboxFor(12)));
        store.claimAndRemoveLeftovers();
        assertFalse(Files.exists(store.sandboxFor(12)));
        assertEquals("1", Files.readString(v1));
    }

    @Test
    void aFailedTaskLeavesNoPreparedVersionBehind() throws Exception {
        worker();
        version("d1v1", "counter", "1");
        try (TaskFiles files = new TaskFiles(store, inputs, 8)) {
            files.path(inout("d1v1", "d1v2", "counter"));
            assertTrue(Files.exists(store.filePathFor("d1v2", "counter")));
            // the task throws: no commit
        }
        assertFalse(Files.exists(store.filePathFor("d1v2", "counter")));
        assertFalse(Files.exists(store.sandboxFor(8)));
        assertEquals("1", Files.readString(store.filePathFor("d1v1", "counter")));
    }
}
