package io.braid.engine.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.transport.DataContent;
import io.braid.comm.transport.VersionStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Large main-program objects move from the master's heap to files; small ones stay; close deletes the files. */
class ObjectSpillTest {
    @TempDir
    Path tmp;

    @Test
    void largeVersionsMoveToFilesSmallOnesStayAndCloseDeletesThem() throws Exception {
        Path dir = tmp.resolve("master-data");
        VersionStore store = new VersionStore();
        ObjectSpill spill = new ObjectSpill(dir, 1000);
        byte[] small = new byte[999];
        byte[] large = new byte[5000];
        large[4999] = 7;
        spill.keep(store, "d1v1", small);
        spill.keep(store, "d2v1", large);
        assertArrayEquals(large, store.object("d2v1").orElseThrow(), "readable at once");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!(store.lookup("d2v1").orElseThrow() instanceof DataContent.ObjectFile) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertInstanceOf(DataContent.ObjectFile.class, store.lookup("d2v1").orElseThrow());
        assertArrayEquals(large, Files.readAllBytes(dir.resolve("d2v1")));
        assertArrayEquals(large, store.object("d2v1").orElseThrow());
        assertInstanceOf(DataContent.Bytes.class, store.lookup("d1v1").orElseThrow(), "below the threshold");
        assertFalse(Files.exists(dir.resolve("d1v1")));
        spill.close();
        assertFalse(Files.exists(dir), "deleted when the master closes");
        assertTrue(store.lookup("d1v1").isPresent());
    }

    @Test
    void versionsThatCannotBeWrittenStayInMemoryAndSaySoOnce() throws Exception {
        Path blocked = Files.writeString(tmp.resolve("blocked"), "a file where the directory should be");
        VersionStore store = new VersionStore();
        java.util.concurrent.LinkedBlockingQueue<String> warnings = new java.util.concurrent.LinkedBlockingQueue<>();
        ObjectSpill spill = new ObjectSpill(blocked.resolve("master-data"), 10, warnings::add);
        byte[] large = new byte[100];
        spill.keep(store, "d1v1", large);
        spill.keep(store, "d2v1", large);
        spill.close(); // waits for the writer: both attempts are over
        String line = warnings.poll();
        assertTrue(line != null && line.startsWith("large objects passed to tasks stay in the master's memory"),
                () -> "one warning line expected, got " + line);
        assertTrue(warnings.isEmpty(), () -> "said once, got also " + warnings);
        assertInstanceOf(DataContent.Bytes.class, store.lookup("d2v1").orElseThrow(), "kept in memory");
        assertArrayEquals(large, store.object("d2v1").orElseThrow());
    }
}
