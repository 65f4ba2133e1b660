package io.braid.launcher.run;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The files tasks use, by canonical path: whether a task will write a version the main program
 * has not fetched yet ({@code pending}), and whether the main program may have changed the file
 * since the last task used it ({@code mainCurrent}). Guarded by the {@link AppSide}'s lock.
 */
final class FileTable {
    private final Map<String, Entry> entries = new HashMap<>();

    static String canonical(Object pathLike) {
        try {
            if (pathLike instanceof Path p) {
                return p.toFile().getCanonicalPath();
            }
            if (pathLike instanceof File f) {
                return f.getCanonicalPath();
            }
            return new File(String.valueOf(pathLike)).getCanonicalPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve file path " + pathLike, e);
        }
    }

    Entry get(String canonicalPath) {
        return entries.get(canonicalPath);
    }

    Entry getOrCreate(String canonicalPath) {
        return entries.computeIfAbsent(canonicalPath, k -> new Entry());
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    Map<String, Entry> all() {
        return entries;
    }

    void remove(String canonicalPath) {
        entries.remove(canonicalPath);
    }

    static final class Entry {
        boolean pending;
        boolean mainCurrent;
    }
}
