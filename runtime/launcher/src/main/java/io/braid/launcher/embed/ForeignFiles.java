package io.braid.launcher.embed;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.FileKey;
import io.braid.engine.task.SubmittedParam;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a non-Java main program passes to tasks, by canonical path: whether a task is still to
 * write each one (it is brought to its path when the main program waits on it, or at the end of
 * the run), and whether the main program has the current content at its path (it may have changed
 * it since: the next task that reads it gets a new version). The same rules as the Java main's.
 */
final class ForeignFiles {
    private static final class Entry {
        boolean pending;
        boolean mainCurrent;
    }

    private final Map<String, Entry> byPath = new HashMap<>();

    static String canonical(String path) {
        try {
            return new File(path).getCanonicalPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve the path " + path + ": " + e.getMessage(), e);
        }
    }

    /** The parameter for file {@code path} read and/or written by a task. */
    SubmittedParam param(String path, AccessMode mode, String what) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(what + ": no path");
        }
        String canonical = canonical(path);
        Entry e = byPath.get(canonical);
        boolean known = e != null;
        if (!known) {
            e = new Entry();
        }
        if (mode.reads() && !e.pending && !Files.exists(Path.of(canonical))) {
            throw new IllegalArgumentException(what + ": " + path + " does not exist (" + canonical + ")");
        }
        byPath.put(canonical, e);
        boolean mainWrote = known && e.mainCurrent && mode.reads();
        e.mainCurrent = false;
        if (mode.writes()) {
            e.pending = true;
        }
        return new SubmittedParam(JobParam.Kind.FILE, "file", null, new FileKey(canonical), mode, mainWrote, null,
                Path.of(canonical), path, null);
    }

    /** Marks the file as brought; true when a task was still to write it (it must be fetched). */
    boolean takePending(String canonical) {
        Entry e = byPath.get(canonical);
        boolean pending = e != null && e.pending;
        if (e != null) {
            e.pending = false;
            e.mainCurrent = true;
        }
        return pending;
    }

    boolean known(String canonical) {
        return byPath.containsKey(canonical);
    }

    /** The files a task wrote that the main program has not waited on. */
    List<String> pending() {
        return byPath.entrySet().stream().filter(x -> x.getValue().pending).map(Map.Entry::getKey).toList();
    }

    void forget(String canonical) {
        byPath.remove(canonical);
    }
}
