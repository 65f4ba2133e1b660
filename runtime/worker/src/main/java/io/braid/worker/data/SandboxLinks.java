package io.braid.worker.data;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * File operations of a job's sandbox. Entries are symbolic links to the version files: no data
 * is copied, a link may point to another file system (an input read in place on a shared disk),
 * and a task that asks for the real path ({@code Path.toRealPath()}) finds the version it reads.
 * Where a symbolic link cannot be made (a file system without them), a hard link, then a copy,
 * stands in; {@link TaskFiles#commit} handles all three alike.
 */
final class SandboxLinks {
    private static final Logger LOG = LoggerFactory.getLogger(SandboxLinks.class);
    private static volatile boolean warnedFallback;

    private SandboxLinks() {
    }

    /** Makes {@code entry} show {@code target}'s content: a symbolic link, else a hard link, else a copy. */
    static void link(Path entry, Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        try {
            Files.createSymbolicLink(entry, absolute);
            return;
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException | UnsupportedOperationException e) {
            fallingBack(entry, "symbolic link", e);
        }
        try {
            Files.createLink(entry, absolute);
            return;
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException | UnsupportedOperationException e) {
            fallingBack(entry, "hard link", e);
        }
        Files.copy(absolute, entry);
    }

    /**
     * Makes {@code source} (a file the task left in its sandbox) the file at {@code version}:
     * renamed there (same file system: the sandbox is in the working directory), or copied and
     * removed where a rename cannot be done. A symbolic link the task put there is followed: the
     * version gets the content, not the link.
     */
    static void moveOnto(Path source, Path version) throws IOException {
        if (Files.isSymbolicLink(source)) {
            Files.copy(source, version, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(source);
            return;
        }
        try {
            Files.move(source, version, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, version, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes a directory tree without following links (a link's target is never touched); quiet on failure. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException failure) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException ignored) {
            // already gone
        } catch (IOException e) {
            LOG.warn("could not remove the task sandbox {}: {}", dir, e.toString());
        }
    }

    private static void fallingBack(Path entry, String what, Exception why) {
        if (!warnedFallback) {
            warnedFallback = true;
            LOG.warn("cannot make a {} in {} ({}); task files there are linked or copied another way", what,
                    entry.getParent(), why.toString());
        }
    }
}
