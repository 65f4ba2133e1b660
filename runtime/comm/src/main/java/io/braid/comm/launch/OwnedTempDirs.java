package io.braid.comm.launch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Temporary directories that name their owner process, so that those of a process killed with
 * SIGKILL (a master stopped by a batch system's time limit, a test killing a run), which could not
 * delete its own, are deleted by the next process making one with the same prefix: an embedded
 * broker's data ({@code braid-kafka-}), the Python package copy of {@code braid-run app.py}
 * ({@code braid-python-}). The owner is the process id in {@value #OWNER}. A directory without an
 * owner file, or whose owner is alive, is left alone: an id reused by another process only keeps
 * a directory longer, never deletes a live one.
 */
public final class OwnedTempDirs {
    private static final Logger LOG = LoggerFactory.getLogger(OwnedTempDirs.class);
    public static final String OWNER = "owner.pid";

    private OwnedTempDirs() {
    }

    /**
     * A new directory {@code prefix...} in the temporary directory, owned by this process; then
     * deletes the directories of that prefix whose owner has ended.
     */
    public static Path create(String prefix) throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        own(dir); // first: a process starting beside this one must not delete it
        clean(dir.getParent(), prefix);
        return dir;
    }

    /** Writes this process's id into {@code dir}. */
    static void own(Path dir) throws IOException {
        Files.writeString(dir.resolve(OWNER), Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
    }

    /** Deletes the directories {@code prefix*} under {@code tmp} whose owner process has ended; returns how many. */
    public static int clean(Path tmp, String prefix) {
        int deleted = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, prefix + "*")) {
            for (Path dir : dirs) {
                Long owner = owner(dir);
                if (owner != null && ProcessHandle.of(owner).map(p -> !p.isAlive()).orElse(true)) {
                    delete(dir);
                    LOG.info("deleted {}, left by process {} which ended without deleting it", dir, owner);
                    deleted++;
                }
            }
        } catch (IOException e) {
            LOG.debug("could not list {} for stale directories {}*: {}", tmp, prefix, e.toString());
        }
        return deleted;
    }

    /** Deletes {@code dir} and everything under it, best effort (a failure is logged). */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("could not delete {}: {}", dir, e.toString());
        }
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
