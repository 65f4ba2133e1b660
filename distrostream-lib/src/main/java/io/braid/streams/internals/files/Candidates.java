package io.braid.streams.internals.files;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names a {@link DirectoryMonitor} has seen and not reported yet, and the completion rule
 * applied to them (the class doc of {@link DirectoryMonitor}, "When a file is complete"): each
 * candidate is looked at when it is due; a file some local process still writes is followed
 * through that writer's descriptor, a file under the stability rule until its size and time have
 * not changed for the window. The monitor finds the names (events, scans, hints) and reports what
 * this class finds complete. Used by the monitor's steps only (one at a time).
 */
final class Candidates {

    private static final Logger LOG = LoggerFactory.getLogger(Candidates.class);

    private final Path baseDir;
    private final CompletionRule rule;
    private final FileStreamOptions options;
    private final Map<Path, Candidate> byPath = new LinkedHashMap<>();

    Candidates(Path baseDir, CompletionRule rule, FileStreamOptions options) {
        this.baseDir = baseDir;
        this.rule = rule;
        this.options = options;
    }

    boolean contains(Path path) {
        return byPath.containsKey(path);
    }

    /**
     * {@code path} is a candidate from now, first looked at when {@code due}; {@code explicit}
     * (named by a writer) keeps it while it does not exist yet. A known candidate only becomes
     * explicit if asked.
     */
    void consider(Path path, long due, boolean explicit) {
        Candidate existing = byPath.get(path);
        if (existing != null) {
            if (explicit && !existing.explicit) {
                existing.explicit = true;
            }
            return;
        }
        byPath.put(path, new Candidate(path, due, explicit));
    }

    /** The file was deleted: forgotten, unless it was named explicitly (then it is looked for again). */
    void gone(Path path) {
        Candidate c = byPath.get(path);
        if (c != null && !c.explicit) {
            byPath.remove(path);
        }
    }

    /** Every candidate is due {@code now} (a settle). */
    void allDue(long now) {
        for (Candidate c : byPath.values()) {
            c.due = now;
        }
    }

    /** The earlier of {@code wake} and the next candidate's due time. */
    long nextDue(long wake) {
        for (Candidate c : byPath.values()) {
            wake = Math.min(wake, c.due);
        }
        return wake;
    }

    /**
     * Applies the completion rule to the candidates that are due; returns the complete ones
     * (no longer candidates), the last written first. Names found not to be regular files are
     * added to {@code notFiles} and dropped.
     */
    List<Path> complete(long now, Set<Path> notFiles) {
        List<Candidate> due = new ArrayList<>();
        for (Iterator<Candidate> it = byPath.values().iterator(); it.hasNext(); ) {
            Candidate c = it.next();
            if (now - c.due < 0) {
                continue;
            }
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(c.path, BasicFileAttributes.class);
                if (c.realPath == null) {
                    c.realPath = c.path.toRealPath();
                }
            } catch (NoSuchFileException e) {
                if (c.explicit) {
                    c.due = now + options.scanInterval().toNanos(); // named before it exists
                } else {
                    it.remove();
                }
                continue;
            } catch (IOException e) {
                c.due = now + options.scanInterval().toNanos();
                continue;
            }
            if (!attrs.isRegularFile()) {
                it.remove();
                notFiles.add(c.path);
                continue;
            }
            c.size = attrs.size();
            c.modified = attrs.lastModifiedTime().toMillis();
            due.add(c);
        }
        if (due.isEmpty()) {
            return List.of();
        }
        if (rule.usesOpenFiles()) {
            due = withoutLocalWriters(due, now);
        }
        if (rule.usesStability()) {
            due.removeIf(c -> !stable(c, now));
        }
        // Found complete in the same pass: the last write (close follows it) comes first.
        due.sort(Comparator.comparingLong(c -> c.modified));
        List<Path> complete = new ArrayList<>(due.size());
        for (Candidate c : due) {
            byPath.remove(c.path);
            complete.add(c.path);
        }
        return complete;
    }

    /** The candidates no local process writes; the others are rescheduled. */
    private List<Candidate> withoutLocalWriters(List<Candidate> due, long now) {
        List<Candidate> unknown = new ArrayList<>();
        for (Candidate c : due) {
            c.writers.removeIf(fd -> !OpenWriters.stillWriting(fd, c.realPath));
            if (c.writers.isEmpty()) {
                unknown.add(c); // new, or its known writers closed: any other writer?
            } else {
                busy(c, now);
            }
        }
        if (unknown.isEmpty()) {
            return unknown;
        }
        List<Path> targets = new ArrayList<>(unknown.size());
        for (Candidate c : unknown) {
            targets.add(c.realPath);
        }
        Map<Path, List<Path>> writers;
        try {
            writers = OpenWriters.scan(targets);
        } catch (UncheckedIOException e) {
            // Cannot tell whether anyone writes them: look again later rather than hand out a file
            // that may still be written.
            LOG.warn("{}: {} file(s) held back until their writers can be checked: {}", baseDir, unknown.size(),
                    e.getMessage());
            unknown.forEach(c -> busy(c, now));
            return List.of();
        }
        List<Candidate> closed = new ArrayList<>(unknown.size());
        for (Candidate c : unknown) {
            List<Path> fds = writers.get(c.realPath);
            if (fds == null) {
                closed.add(c);
            } else {
                c.writers.addAll(fds);
                busy(c, now);
            }
        }
        return closed;
    }

    private void busy(Candidate c, long now) {
        c.due = now + options.recheckInterval().toNanos();
        c.stableSince = -1; // the stability window starts once no local writer is left
    }

    private boolean stable(Candidate c, long now) {
        long window = options.stabilityWindow().toNanos();
        if (c.stableSince == -1 || c.size != c.seenSize || c.modified != c.seenModified) {
            c.seenSize = c.size;
            c.seenModified = c.modified;
            c.stableSince = now;
            c.due = now + window;
            return false;
        }
        if (now - c.stableSince >= window) {
            return true;
        }
        c.due = c.stableSince + window;
        return false;
    }

    private static final class Candidate {
        final Path path;
        Path realPath;
        boolean explicit;
        long due;
        final List<Path> writers = new ArrayList<>(1);
        long size;
        long modified;
        long seenSize = -1;
        long seenModified;
        long stableSince = -1;

        Candidate(Path path, long due, boolean explicit) {
            this.path = path;
            this.due = due;
            this.explicit = explicit;
        }
    }
}
