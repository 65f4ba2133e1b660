package io.braid.streams.internals.files;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Watches one base directory and reports each new <em>complete</em> regular file once, in the
 * order the files became complete, to a callback (called on a thread of the monitor's
 * {@link MonitorThreads}: keep it short). The monitor's work runs in steps, one at a time, on
 * those shared threads: a step when an event, a named file or a settle request arrives, and one
 * when the next scan or candidate check is due (times from the threads' clock).
 *
 * <h2>Discovery</h2>
 * A {@link WatchService} (create, modify, delete; a rename into the directory arrives as a create)
 * wakes the monitor at once. A scan of the directory every
 * {@link FileStreamOptions#scanInterval() scan interval} (150 ms by default) is always on as a
 * safety net (overflowed or missed events), and is the only mechanism when
 * {@link FileStreamOptions#pollingOnly()} is set, for shared file systems that deliver no events.
 * Files already in the directory at start count when {@link FileStreamOptions#includeExisting()}
 * (oldest modification time first). Only the base directory is watched, not its subdirectories;
 * a file in a subdirectory is considered when named through {@link #check(Path)}.
 *
 * <h2>When a file is complete</h2>
 * A path is reported only after its writer has closed it:
 * <ol>
 *   <li>Names starting with {@code '.'} or ending with {@code .tmp} or {@code .part} are in
 *       progress and ignored; renaming them to a final name publishes them.</li>
 *   <li>{@link CompletionRule#OPEN_FILES} (the rule on a local file system of a Linux machine):
 *       the file is complete when no process of this machine has it open for writing, as the
 *       {@code /proc/<pid>/fd} links and {@code /proc/<pid>/fdinfo} access modes of the processes
 *       we can read say. The check runs when an event or a scan shows a new name (2 ms after it is
 *       first seen, so that a creating {@code open()} has installed its descriptor), in one pass
 *       over {@code /proc} for all new names; a file found open is then followed through the
 *       writer's descriptor only (one readlink every {@link FileStreamOptions#recheckInterval()},
 *       5 ms), and {@code /proc} is passed over once more when that descriptor closes. So a file
 *       renamed into the directory after it was written is complete at once, and a file written
 *       in place is complete a few milliseconds after its close.</li>
 *   <li>{@link CompletionRule#STABILITY}, the fallback when the open files cannot tell (no
 *       {@code /proc}): complete when size and modification time stayed the same for the
 *       {@link FileStreamOptions#stabilityWindow() stability window} (500 ms). On a shared file
 *       system (NFS, Lustre, GPFS, BeeGFS, CephFS, SMB, FUSE...) the writer may be on another node,
 *       so {@link CompletionRule#AUTO} asks for both rules there
 *       ({@link CompletionRule#OPEN_FILES_AND_STABILITY}).</li>
 * </ol>
 * Limits: a writer that pauses for longer than the window on another node, or that closes and
 * reopens a file to append, is not seen as one writer; write such files under an in-progress
 * name and rename them. Processes of other users are invisible to the open-files rule unless the
 * monitor runs as root. A file is reported again only if it is deleted and created anew.
 */
public final class DirectoryMonitor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DirectoryMonitor.class);

    /** Delay between first sight of a name and its first open-files check (see class doc). */
    private static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final Path baseDir;
    private final Path realBaseDir;
    private final FileStreamOptions options;
    private final CompletionRule rule;
    private final Consumer<Path> onComplete;
    private final MonitorThreads threads;
    /** Whether this monitor made {@link #threads} (and closes them). */
    private final boolean ownThreads;
    private final Queue<Signal> signals = new ConcurrentLinkedQueue<>();
    /** Wake-ups not yet served: the monitor's steps run one at a time on the shared pool. */
    private final AtomicInteger wakeups = new AtomicInteger();
    /** Stops the watching of the directory (null: polling only, or not started). */
    private Runnable unwatch;
    private volatile boolean running;

    // Owned by the monitor's steps (one at a time).
    /** Names seen and not reported yet, with the completion rule's state of each. */
    private final Candidates candidates;
    private final Set<Path> reported = new HashSet<>();
    private final Set<Path> notFiles = new HashSet<>();
    private boolean started;
    /** With {@code includeExisting=false}: what {@link #start()} listed, skipped by the first step. */
    private Set<Path> preexisting = Set.of();
    private long nextScan;
    private boolean scanFailureLogged;
    private ScheduledFuture<?> timer;

    /**
     * Prepares a monitor of {@code baseDir} (which must exist) with threads of its own;
     * {@link #start()} starts it.
     *
     * @param onComplete called once per complete file, with its absolute path under {@code baseDir}
     */
    public DirectoryMonitor(Path baseDir, FileStreamOptions options, Consumer<Path> onComplete) throws IOException {
        this(baseDir, options, onComplete, null);
    }

    /** As {@link #DirectoryMonitor(Path, FileStreamOptions, Consumer)}, on shared {@code threads} (null: its own). */
    public DirectoryMonitor(Path baseDir, FileStreamOptions options, Consumer<Path> onComplete, MonitorThreads threads)
            throws IOException {
        this.baseDir = baseDir.toAbsolutePath().normalize();
        if (!Files.isDirectory(this.baseDir)) {
            throw new IOException("file stream base directory " + this.baseDir + " is not a directory");
        }
        this.realBaseDir = this.baseDir.toRealPath();
        this.options = options;
        this.onComplete = onComplete;
        this.rule = options.completion().resolve(this.baseDir);
        this.candidates = new Candidates(this.baseDir, rule, options);
        this.ownThreads = threads == null;
        this.threads = threads != null ? threads : new MonitorThreads("braid-dirmonitor", 1, System::nanoTime);
    }

    /**
     * Starts watching (files already there are looked at first, or skipped, as the options say).
     *
     * @throws IOException naming the directory when the files already there are to be skipped
     *         ({@code includeExisting=false}) and the directory cannot be listed: they could not be
     *         told from new ones, and would be published once it can be
     */
    public synchronized void start() throws IOException {
        if (running) {
            return;
        }
        if (!options.includeExisting()) {
            // Listed before the watch starts: a file created from here on is new, and is reported.
            preexisting = listExisting();
        }
        if (!options.pollingOnly()) {
            unwatch = threads.watch(baseDir, this::events);
        }
        running = true;
        LOG.info("watching {} ({}, completion rule {})", baseDir,
                unwatch == null ? "polling every " + options.scanInterval().toMillis() + " ms" : "events + polling",
                rule);
        wake();
    }

    /**
     * Asks for {@code file} (absolute, inside the base directory or one of its subdirectories) to
     * be considered now, whatever its name: it is reported once complete, at once if it already
     * is, and not again if it already was. A file that does not exist yet is looked for at every
     * scan.
     */
    public void check(Path file) {
        signal(new Signal(SignalKind.HINT, file.toAbsolutePath().normalize()));
    }

    /**
     * Looks at the whole directory now and reports every file that is already complete before
     * returning (waits at most {@code timeout}). Files still written, or not yet stable under the
     * stability rule, stay pending.
     */
    public void settle(Duration timeout) {
        if (!running) {
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        signal(new Signal(SignalKind.SETTLE, null, done));
        try {
            done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("settling {} did not finish in {} ms", baseDir, timeout.toMillis());
        }
    }

    public Path baseDir() {
        return baseDir;
    }

    /** The rule in use ({@link CompletionRule#AUTO} resolved for this directory and machine). */
    public CompletionRule completionRule() {
        return rule;
    }

    /** Whether file system events are used (false: polling only). */
    public boolean usesEvents() {
        return !options.pollingOnly();
    }

    @Override
    public void close() {
        synchronized (this) {
            running = false;
            if (unwatch != null) {
                unwatch.run();
                unwatch = null;
            }
        }
        wake(); // the step cancels its timer
        if (ownThreads) {
            threads.close();
        }
    }

    /** Whether a name says its file is still being written (rule 1 of the class doc). */
    public static boolean inProgressName(String name) {
        return name.startsWith(".") || name.endsWith(".tmp") || name.endsWith(".part");
    }

    // ---------------------------------------------------------------- events and steps

    /** The watch thread's events of this directory (none: it can no longer be watched). */
    private void events(List<WatchEvent<?>> events) {
        if (events.isEmpty()) {
            LOG.warn("{} can no longer be watched (removed?); scanning only", baseDir);
            return;
        }
        for (WatchEvent<?> event : events) {
            WatchEvent.Kind<?> kind = event.kind();
            if (kind == StandardWatchEventKinds.OVERFLOW) {
                signals.add(new Signal(SignalKind.RESCAN, null));
                continue;
            }
            Path path = baseDir.resolve((Path) event.context());
            signals.add(new Signal(kind == StandardWatchEventKinds.ENTRY_DELETE ? SignalKind.GONE
                    : SignalKind.SEEN, path));
        }
        wake();
    }

    private void signal(Signal s) {
        signals.add(s);
        wake();
    }

    /** Runs a step soon (once for all the wake-ups that come while one is due or running). */
    private void wake() {
        if (wakeups.getAndIncrement() == 0) {
            try {
                threads.executor().execute(this::steps);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                wakeups.set(0); // the threads are closed
                failSettles();
            }
        }
    }

    private void steps() {
        int served;
        do {
            served = wakeups.get();
            try {
                step();
            } catch (RuntimeException | Error e) {
                LOG.error("monitor of {} failed a step", baseDir, e);
            }
        } while (wakeups.addAndGet(-served) != 0);
    }

    /** One pass: the signals, a scan if one is due, the due candidates; then the timer for the next pass. */
    private void step() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        if (!running) {
            failSettles();
            return;
        }
        long now = threads.nanoTime();
        if (!started) {
            started = true;
            if (options.includeExisting()) {
                scan(now, true);
            } else {
                reported.addAll(preexisting);
                preexisting = Set.of();
            }
            nextScan = now + options.scanInterval().toNanos();
        }
        for (Signal signal = signals.poll(); signal != null; signal = signals.poll()) {
            handle(signal, threads.nanoTime()); // a settle asked meanwhile looks at the time it was asked
        }
        now = threads.nanoTime();
        if (now - nextScan >= 0) {
            scan(now, false);
            nextScan = now + options.scanInterval().toNanos();
        }
        evaluate(threads.nanoTime());
        long wake = candidates.nextDue(nextScan);
        long delay = Math.max(0, wake - threads.nanoTime());
        try {
            timer = threads.executor().schedule(this::wake, delay, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the threads are closed
        }
    }

    /** Closed: whoever waits for a settle stops waiting. */
    private void failSettles() {
        for (Signal signal = signals.poll(); signal != null; signal = signals.poll()) {
            if (signal.done != null) {
                signal.done.complete(null);
            }
        }
    }

    private void handle(Signal signal, long now) {
        switch (signal.kind) {
            case RESCAN -> nextScan = now;
            case GONE -> {
                reported.remove(signal.path);
                notFiles.remove(signal.path);
                candidates.gone(signal.path);
            }
            case SEEN -> {
                if (!inProgressName(signal.path.getFileName().toString())) {
                    consider(signal.path, now, false);
                }
            }
            case HINT -> consider(signal.path, now, true);
            case SETTLE -> {
                scan(now, false);
                candidates.allDue(now);
                evaluate(now);
                signal.done.complete(null);
            }
        }
    }

    private void consider(Path path, long now, boolean explicit) {
        if (reported.contains(path) || notFiles.contains(path)) {
            return;
        }
        candidates.consider(path, now + SETTLE_NANOS, explicit);
    }

    private Set<Path> listExisting() throws IOException {
        Set<Path> existing = new HashSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(baseDir)) {
            for (Path entry : entries) {
                existing.add(entry);
            }
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            throw new IOException("cannot list file stream base directory " + baseDir + " to skip the files already"
                    + " in it (braid.streams.files.includeExisting=false): " + e.getMessage(), e);
        }
        return existing;
    }

    private void scan(long now, boolean initial) {
        Set<Path> listing = new HashSet<>();
        List<Path> fresh = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(baseDir)) {
            for (Path entry : entries) {
                listing.add(entry);
                if (!inProgressName(entry.getFileName().toString()) && !reported.contains(entry)
                        && !notFiles.contains(entry) && !candidates.contains(entry)) {
                    fresh.add(entry);
                }
            }
            scanFailureLogged = false;
        } catch (IOException e) {
            if (!scanFailureLogged) {
                LOG.warn("cannot list {}: {}", baseDir, e.toString());
                scanFailureLogged = true;
            }
            return;
        }
        if (initial) {
            fresh.sort(Comparator.comparingLong(DirectoryMonitor::modifiedMillis));
        }
        for (Path entry : fresh) {
            consider(entry, now, false);
        }
        // Forget what was deleted, so that a file created anew under the same name counts.
        reported.removeIf(p -> baseDir.equals(p.getParent()) && !listing.contains(p));
        notFiles.retainAll(listing);
    }

    private static long modifiedMillis(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Applies the completion rule to the candidates that are due; reports the complete ones. */
    private void evaluate(long now) {
        for (Path path : candidates.complete(now, notFiles)) {
            reported.add(path);
            try {
                onComplete.accept(path);
            } catch (RuntimeException e) {
                LOG.error("callback for {} failed", path, e);
            }
        }
    }

    private enum SignalKind { SEEN, GONE, HINT, RESCAN, SETTLE }

    private record Signal(SignalKind kind, Path path, CompletableFuture<Void> done) {
        Signal(SignalKind kind, Path path) {
            this(kind, path, null);
        }
    }
}
