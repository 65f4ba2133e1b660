package io.braid.streams.internals.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the processes of this machine that have given files open for writing, through Linux's
 * {@code /proc/<pid>/fd/<n>} links and the access mode in {@code /proc/<pid>/fdinfo/<n>}.
 * Processes whose {@code fd} directory cannot be read (another user's, unless we are root) are
 * skipped. Stateless; each call costs one readlink per open descriptor of every readable process,
 * so callers batch their questions into one {@link #scan} and follow known writers with the
 * cheap {@link #stillWriting}.
 */
final class OpenWriters {

    private static final Path PROC = Path.of("/proc");
    private static final int O_ACCMODE = 3;
    private static final int O_RDONLY = 0;

    private OpenWriters() {
    }

    /** Whether this machine has a readable {@code /proc/self/fd} (Linux). */
    static boolean available() {
        return Files.isDirectory(PROC.resolve("self").resolve("fd")) && Files.isReadable(PROC.resolve("self").resolve("fd"));
    }

    /**
     * For each of {@code targets} (real paths) that some readable process has open for writing,
     * the {@code /proc/<pid>/fd/<n>} links that do so.
     *
     * @throws UncheckedIOException when {@code /proc} itself cannot be listed (nothing can be said)
     */
    static Map<Path, List<Path>> scan(Collection<Path> targets) {
        Map<Path, List<Path>> writers = new HashMap<>();
        if (targets.isEmpty()) {
            return writers;
        }
        java.util.Set<Path> wanted = new java.util.HashSet<>(targets);
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, OpenWriters::isPid)) {
            for (Path process : processes) {
                scanProcess(process, wanted, writers);
            }
        } catch (IOException e) {
            // Reporting what was found so far would call files nobody was seen writing finished,
            // and hand out files still being written: the caller decides instead.
            throw new UncheckedIOException("cannot list the processes in " + PROC + ": " + e.getMessage(), e);
        }
        return writers;
    }

    /** Whether {@code fdLink} (from {@link #scan}) still refers to {@code target} opened for writing. */
    static boolean stillWriting(Path fdLink, Path target) {
        try {
            return Files.readSymbolicLink(fdLink).equals(target) && opensForWriting(fdLink);
        } catch (IOException | UnsupportedOperationException e) {
            return false; // the descriptor or the process is gone
        }
    }

    private static void scanProcess(Path process, java.util.Set<Path> wanted, Map<Path, List<Path>> writers) {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path fd : fds) {
                Path target;
                try {
                    target = Files.readSymbolicLink(fd);
                } catch (IOException e) {
                    continue; // closed meanwhile
                }
                if (wanted.contains(target) && opensForWriting(fd)) {
                    writers.computeIfAbsent(target, t -> new ArrayList<>(1)).add(fd);
                }
            }
        } catch (IOException | SecurityException e) {
            // another user's process, or it exited while we looked: nothing to learn
        }
    }

    /** Reads the {@code flags:} line of the descriptor's fdinfo (octal open flags). */
    private static boolean opensForWriting(Path fdLink) {
        Path fdinfo = fdLink.getParent().resolveSibling("fdinfo").resolve(fdLink.getFileName());
        try {
            for (String line : Files.readAllLines(fdinfo)) {
                if (line.startsWith("flags:")) {
                    int flags = Integer.parseInt(line.substring("flags:".length()).trim(), 8);
                    return (flags & O_ACCMODE) != O_RDONLY;
                }
            }
            return true; // no flags line: assume the worst
        } catch (IOException | NumberFormatException e) {
            // the link was readable, so the fd existed: if it closed meanwhile, the next look says so
            return !(e instanceof java.nio.file.NoSuchFileException);
        }
    }

    private static boolean isPid(Path entry) {
        String name = entry.getFileName().toString();
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return !name.isEmpty();
    }
}
