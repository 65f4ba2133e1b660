package io.braid.streams.internals.files;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.FileStreamQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The {@link FileStreamQueue} of one base directory: a {@link DirectoryMonitor} finds the complete
 * files (see its class doc for when a file is complete), and this queue hands their absolute paths
 * out in completion order.
 *
 * <p>Every application sees every path: each application has its own position in the one list of
 * complete paths, so an application whose readers come late gets everything from the start. Within
 * an application the readers share that position, so under {@link ConsumerMode#AT_MOST_ONCE} and
 * {@link ConsumerMode#EXACTLY_ONCE} each path goes to exactly one reader (the hand-out is atomic;
 * the files themselves stay in the directory, so there is nothing to lose after it). Under
 * {@link ConsumerMode#AT_LEAST_ONCE} a reader holds what it took until its next {@link #take}
 * or {@link #readerClosed}; if {@link #readerGone} comes first, what it held goes back to the front
 * of its application's queue, in order, for the other readers.
 *
 * <p>{@code max} is the caller's share: the queue gives a reader as many paths as it asks for, so
 * fairness between the readers of an application comes from the {@code max} they pass. The list of
 * complete paths is kept for the life of the queue (a new application may come at any time).
 * Thread-safe.
 */
public final class DirectoryFileStreamQueue implements FileStreamQueue {

    private static final Logger LOG = LoggerFactory.getLogger(DirectoryFileStreamQueue.class);

    private final DirectoryMonitor monitor;
    private final Path baseDir;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    // Guarded by this.
    private final List<String> complete = new ArrayList<>();
    private final Map<String, Application> applications = new HashMap<>();
    private boolean closed;

    /** Watches {@code baseDir} with the options of the system properties. */
    public DirectoryFileStreamQueue(Path baseDir) throws IOException {
        this(baseDir, FileStreamOptions.fromSystemProperties());
    }

    /** A queue whose monitor has threads of its own. */
    public DirectoryFileStreamQueue(Path baseDir, FileStreamOptions options) throws IOException {
        this(baseDir, options, null);
    }

    /** A queue whose monitor runs on {@code threads}, shared with other monitors (null: its own). */
    public DirectoryFileStreamQueue(Path baseDir, FileStreamOptions options, MonitorThreads threads) throws IOException {
        this.monitor = new DirectoryMonitor(baseDir, options, this::completed, threads);
        this.baseDir = monitor.baseDir();
        try {
            monitor.start();
        } catch (IOException | RuntimeException e) {
            monitor.close();
            throw e;
        }
    }

    @Override
    public List<String> take(String applicationId, String readerId, ConsumerMode mode, int max) {
        synchronized (this) {
            Application app = applications.computeIfAbsent(applicationId, id -> new Application());
            List<String> previous = app.held.remove(readerId); // acknowledged by this call
            List<String> out = new ArrayList<>(Math.min(Math.max(max, 0), 64));
            while (out.size() < max && !app.returned.isEmpty()) {
                out.add(app.returned.pollFirst());
            }
            while (out.size() < max && app.next < complete.size()) {
                out.add(complete.get(app.next++));
            }
            if (mode == ConsumerMode.AT_LEAST_ONCE && !out.isEmpty()) {
                app.held.put(readerId, new ArrayList<>(out));
            }
            if (previous != null && LOG.isTraceEnabled()) {
                LOG.trace("{}/{} acknowledged {} paths", applicationId, readerId, previous.size());
            }
            return out;
        }
    }

    /**
     * The reader closed its handle: what it took is acknowledged (AT_LEAST_ONCE), and nothing goes
     * back to the queue. A later {@link #readerGone} for it has no effect.
     */
    public synchronized void readerClosed(String readerId) {
        for (Application app : applications.values()) {
            app.held.remove(readerId);
        }
    }

    @Override
    public void readerGone(String readerId) {
        boolean returned = false;
        synchronized (this) {
            for (Application app : applications.values()) {
                List<String> held = app.held.remove(readerId);
                if (held != null) {
                    for (int i = held.size() - 1; i >= 0; i--) {
                        app.returned.addFirst(held.get(i));
                    }
                    returned = true;
                }
            }
        }
        if (returned) {
            LOG.debug("reader {} gone: its unacknowledged paths are available again", readerId);
            notifyListeners();
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code path} is absolute or relative to the base directory, and must lie inside it
     * (subdirectories included); it is handed out once its writer has closed it, at once if that
     * is already so, and only once however often it is named or seen.
     *
     * @throws IllegalArgumentException if the path is not inside the base directory
     */
    @Override
    public void published(String path) {
        Path file;
        try {
            file = baseDir.resolve(path).normalize();
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("not a valid file path: " + path, e);
        }
        if (!file.startsWith(baseDir) || file.equals(baseDir)) {
            throw new IllegalArgumentException("file " + path + " is not inside the stream's base directory "
                    + baseDir);
        }
        monitor.check(file);
    }

    @Override
    public void onAvailable(Runnable listener) {
        listeners.add(listener);
    }

    /** The monitor's view: its base directory, rule and mode. */
    public DirectoryMonitor monitor() {
        return monitor;
    }

    @Override
    public void settle() {
        monitor.settle(Duration.ofSeconds(5));
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        monitor.close();
    }

    private void completed(Path file) {
        synchronized (this) {
            if (closed) {
                return;
            }
            complete.add(file.toString());
        }
        notifyListeners();
    }

    private void notifyListeners() {
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.warn("file stream listener failed", e);
            }
        }
    }

    private static final class Application {
        /** Index in {@code complete} of the next path no reader of the application has taken. */
        int next;
        /** Paths given back by readers that went away, taken before {@code next}. */
        final Deque<String> returned = new ArrayDeque<>();
        /** AT_LEAST_ONCE: what each reader took and has not acknowledged yet. */
        final Map<String, List<String>> held = new HashMap<>();
    }
}
