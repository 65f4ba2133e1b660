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
}
