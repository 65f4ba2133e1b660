package io.braid.streams.internals.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The temporary data directories of embedded brokers whose process is gone. A broker deletes its
 * temporary directory when it closes, but a process killed with SIGKILL (a master stopped by a
 * batch system's time limit, a test killing a run) cannot: its records stay in the temporary
 * directory for good. Each temporary directory therefore names its owner ({@value #OWNER}: the
 * process id), and a broker starting in the same temporary directory deletes those of dead
 * owners. A directory without an owner file, or whose owner is alive, is left alone: an id
 * reused by another process only keeps a directory longer, never deletes a live one.
 */
final class StaleBrokerDirs {
    private static final Logger LOG = LoggerFactory.getLogger(StaleBrokerDirs.class);
    static final String PREFIX = "braid-kafka-";
    static final String OWNER = "owner.pid";

    private StaleBrokerDirs() {
    }

    /** Writes this process's id into {@code dir}, a broker's new temporary directory. */
    static void own(Path dir) throws IOException {
        Files.writeString(dir.resolve(OWNER), Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
    }

    /** Deletes the broker directories under {@code tmp} whose owner process has ended; returns how many. */
    static int clean(Path tmp) {
        int deleted = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path dir : dirs) {
                Long owner = owner(dir);
                if (owner != null && ProcessHandle.of(owner).map(p -> !p.isAlive()).orElse(true)) {
                    EmbeddedKafkaBroker.deleteRecursively(dir);
                    LOG.info("deleted {}, the data of an embedded broker whose process {} ended without closing it",
                            dir, owner);
                    deleted++;
                }
            }
        } catch (IOException e) {
            LOG.debug("could not list {} for stale broker directories: {}", tmp, e.toString());
        }
        return deleted;
    }

    private static Long owner(Path dir) {
        Path file = dir.resolve(OWNER);
        try {
            return Files.isRegularFile(file) ? Long.valueOf(Files.readString(file, StandardCharsets.US_ASCII).trim()) : null;
        } catch (IOException | NumberFormatException e) {
            return null; // being written, or not ours: leave it
        }
    }
}
