package io.braid.worker.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Object versions kept in files of the working directory (a Python task's large objects): read, served, deleted. */
class WorkerDataStoreTest {
    @TempDir
    Path tmp;

    @Test
    void anObjectKeptInAFileIsReadFromItAndItsFileGoesWithTheVersion() throws Exception {
        WorkerDataStore store = new WorkerDataStore(tmp.resolve("wd"));
        Path kept = Files.write(Files.createDirectories(tmp.resolve("wd")).resolve("pyobj-1-1.pickle"), new byte[] {1, 2});
        store.versions().putObjectFile("d1v1", kept);
        assertTrue(store.versions().hasObject("d1v1"));
        assertEquals(kept, store.versions().objectFile("d1v1").orElseThrow());
        assertArrayEquals(new byte[] {1, 2}, store.versions().object("d1v1").orElseThrow(), "a Java reader gets the bytes");
        store.delete(List.of("d1v1"));
        assertFalse(Files.exists(kept));
        assertFalse(store.versions().hasObject("d1v1"));
    }

    @Test
    void anObjectHeldInMemoryMovesToAFileNamedAfterItsVersion() throws Exception {
        WorkerDataStore store = new WorkerDataStore(Files.createDirectories(tmp.resolve("wd")));
        store.versions().putObject("d5v1", new byte[] {5, 6, 7});
        Path file = store.moveObjectToFile("d5v1", new byte[] {5, 6, 7});
        assertEquals(tmp.resolve("wd/d5v1_object.pickle"), file);
        assertArrayEquals(new byte[] {5, 6, 7}, Files.readAllBytes(file));
        assertEquals(file, store.versions().objectFile("d5v1").orElseThrow(), "kept as the file, no longer in memory");
        try (var left = Files.list(tmp.resolve("wd"))) {
            assertEquals(List.of(file), left.toList(), "no partial file left");
        }
        store.delete(List.of("d5v1"));
        assertFalse(Files.exists(file));
    }

    @Test
    void atTheWorkersEndItsObjectFilesGoButNotFilesOutsideItsWorkingDirectory() throws Exception {
        WorkerDataStore store = new WorkerDataStore(tmp.resolve("wd"));
        Path mine = Files.write(Files.createDirectories(tmp.resolve("wd")).resolve("d2v1_object.pickle"), new byte[] {3});
        Path shared = Files.write(tmp.resolve("shared.pickle"), new byte[] {4});
        store.versions().putObjectFile("d2v1", mine);
        store.versions().putObjectFile("d3v1", shared);
        store.deleteObjectFiles();
        assertFalse(Files.exists(mine));
        assertTrue(Files.exists(shared));
    }

    /**
     * A worker that starts where a worker of its node died (a restart) removes the files the dead
     * one kept its objects in: Python's pyobj files, versions' object files, partial writes; not
     * the versions of FILE parameters nor other files. While another live worker process holds
     * the directory, nothing of it is touched; once that process is gone, however it ended, the
     * next worker cleans up.
     */
    @Test
    void aStartingWorkerRemovesTheObjectFilesADeadWorkerOfItsNodeLeftButNotALiveOnes() throws Exception {
        Path wd = Files.createDirectories(tmp.resolve("wd"));
        List<Path> objects = List.of(Files.write(wd.resolve("pyobj-4242-1.pickle"), new byte[] {1}),
                Files.write(wd.resolve("d3v2_object.pickle"), new byte[] {2}),
                Files.write(wd.resolve("d7v1.4187395.part"), new byte[] {3}));
        List<Path> others = List.of(Files.write(wd.resolve("d4v1_data.txt"), new byte[] {4}),
                Files.write(wd.resolve("notes.pickle"), new byte[] {5}));
        Files.createDirectories(wd.resolve("sandbox/job3"));

        Process live = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), HoldWorkingDir.class.getName(), wd.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            var out = new java.io.BufferedReader(new java.io.InputStreamReader(live.getInputStream()));
            assertEquals("claimed 3", out.readLine(), "the first worker of the node cleans the dead one's objects");
            objects.forEach(p -> assertFalse(Files.exists(p), p::toString));
            others.forEach(p -> assertTrue(Files.exists(p), p::toString));
            assertFalse(Files.exists(wd.resolve("sandbox/job3")));

            Path itsObject = Files.write(wd.resolve("pyobj-4243-1.pickle"), new byte[] {6});
            Files.createDirectories(wd.resolve("sandbox/job4"));
            assertEquals(-1, new WorkerDataStore(wd).claimAndRemoveLeftovers(), "a live worker holds the directory");
            assertTrue(Files.exists(itsObject), "a live worker's object is left alone");
            assertTrue(Files.exists(wd.resolve("sandbox/job4")), "and its job's sandbox");

            live.destroyForcibly(); // SIGKILL: the worker dies without cleaning anything
            assertTrue(live.waitFor(20, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(1, new WorkerDataStore(wd).claimAndRemoveLeftovers(), "its successor cleans up");
            assertFalse(Files.exists(itsObject));
            assertFalse(Files.exists(wd.resolve("sandbox/job4")));
        } finally {
            live.destroyForcibly();
            live.waitFor();
        }
    }
}
