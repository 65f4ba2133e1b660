package io.braid.streams.internals.kafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A killed process's broker directory is deleted by the next broker; nothing else is. */
class StaleBrokerDirsTest {

    @Test
    void onlyDirectoriesOfEndedOwnersAreDeleted(@TempDir Path tmp) throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path dead = broker(tmp, "dead", Long.toString(ended.pid()));
        Path alive = broker(tmp, "alive", Long.toString(ProcessHandle.current().pid()));
        Path unowned = broker(tmp, "unowned", null);
        Path garbled = broker(tmp, "garbled", "not a pid");
        Path other = Files.createDirectories(tmp.resolve("someone-else"));
        Files.writeString(other.resolve(StaleBrokerDirs.OWNER), Long.toString(ended.pid()));

        assertEquals(1, StaleBrokerDirs.clean(tmp));

        assertFalse(Files.exists(dead), "the dead owner's directory is deleted");
        assertTrue(Files.exists(alive.resolve("log/segment")), "a live owner's directory stays");
        assertTrue(Files.exists(unowned), "a directory without an owner file stays");
        assertTrue(Files.exists(garbled), "a directory whose owner cannot be read stays");
        assertTrue(Files.exists(other), "directories not named like a broker's stay");
    }

    private static Path broker(Path tmp, String name, String owner) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(StaleBrokerDirs.PREFIX + name));
        Files.createDirectories(dir.resolve("log"));
        Files.writeString(dir.resolve("log/segment"), "records");
        if (owner != null) {
            Files.writeString(dir.resolve(StaleBrokerDirs.OWNER), owner);
        }
        return dir;
    }
}
