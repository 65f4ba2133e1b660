package io.braid.comm.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A killed process's directory is deleted by the next one of its prefix; nothing else is. */
class OwnedTempDirsTest {
    private static final String PREFIX = "braid-kafka-";

    @Test
    void onlyDirectoriesOfEndedOwnersAreDeleted(@TempDir Path tmp) throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path dead = broker(tmp, "dead", Long.toString(ended.pid()));
        Path alive = broker(tmp, "alive", Long.toString(ProcessHandle.current().pid()));
        Path unowned = broker(tmp, "unowned", null);
        Path garbled = broker(tmp, "garbled", "not a pid");
        Path other = Files.createDirectories(tmp.resolve("someone-else"));
        Files.writeString(other.resolve(OwnedTempDirs.OWNER), Long.toString(ended.pid()));

        assertEquals(1, OwnedTempDirs.clean(tmp, PREFIX));

        assertFalse(Files.exists(dead), "the dead owner's directory is deleted");
        assertTrue(Files.exists(alive.resolve("log/segment")), "a live owner's directory stays");
        assertTrue(Files.exists(unowned), "a directory without an owner file stays");
        assertTrue(Files.exists(garbled), "a directory whose owner cannot be read stays");
        assertTrue(Files.exists(other), "directories not named like a broker's stay");
    }

    private static Path broker(Path tmp, String name, String owner) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(PREFIX + name));
        Files.createDirectories(dir.resolve("log"));
        Files.writeString(dir.resolve("log/segment"), "records");
        if (owner != null) {
            Files.writeString(dir.resolve(OwnedTempDirs.OWNER), owner);
        }
        return dir;
    }
}
