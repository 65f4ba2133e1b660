package io.braid.streams.internals.files;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What the {@link DirectoryMonitor}s of a process share: a small scheduled pool their work runs
 * on (each monitor's steps one at a time), the clock they measure intervals with, and one
 * {@link WatchService} with one thread that hands each directory's events to its monitor. So a
 * server with many file streams has {@link #DEFAULT_THREADS} monitor threads and one watch
 * thread, not two threads per stream. Tests pass a clock they move by hand.
 */
public final class MonitorThreads implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MonitorThreads.class);

    /** Directory scans and /proc passes at once; more monitors take turns. */
    public static final int DEFAULT_THREADS = 2;

    private final ScheduledThreadPoolExecutor executor;
    private final LongSupplier nanoClock;
    /**
     * The monitors of each watched directory: a directory registered twice on one watch service
     * gets the same key, so two streams on one base directory share it.
     */
    private final Map<WatchKey, List<Consumer<List<WatchEvent<?>>>>> watched = new ConcurrentHashMap<>();
    private WatchService watcher;
    private Thread watchThread;
    private boolean closed;

    /** Threads named {@code name-N}, the system's clock. */
    public MonitorThreads(String name) {
        this(name, DEFAULT_THREADS, System::nanoTime);
    }

    /** {@code nanoClock}: nanoseconds on a monotonic scale (what {@link System#nanoTime()} gives). */
    public MonitorThreads(String name, int threads, LongSupplier nanoClock) {
        AtomicInteger n = new AtomicInteger();
        this.executor = new ScheduledThreadPoolExecutor(threads, r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        executor.setKeepAliveTime(30, TimeUnit.SECONDS);
        executor.allowCoreThreadTimeOut(true);
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.nanoClock = nanoClock;
    }

    ScheduledExecutorService executor() {
        return executor;
    }

    long nanoTime() {
        return nanoClock.getAsLong();
    }

    /**
     * Watches {@code dir} (create, modify, delete) and hands its events to {@code events}, on the
     * watch thread (keep it short; an empty list: the directory can no longer be watched). Returns
     * what stops it.
     */
    synchronized Runnable watch(Path dir, Consumer<List<WatchEvent<?>>> events) throws IOException {
        if (closed) {
            throw new IOException("the directory monitors are closed");
        }
        if (watcher == null) {
            watcher = FileSystems.getDefault().newWatchService();
            watchThread = new Thread(this::dispatch, "braid-dirwatch");
            watchThread.setDaemon(true);
            watchThread.start();
        }
        WatchKey key = dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
        watched.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(events);
        return () -> unwatch(key, events);
    }

    private synchronized void unwatch(WatchKey key, Consumer<List<WatchEvent<?>>> events) {
        List<Consumer<List<WatchEvent<?>>>> monitors = watched.get(key);
        if (monitors != null) {
            monitors.remove(events);
            if (monitors.isEmpty()) {
                watched.remove(key);
                key.cancel();
            }
        }
    }

    /** The watch thread: takes each ready key and hands its events to the directory's monitor. */
    private void dispatch() {
        WatchService w;
        synchronized (this) {
            w = watcher;
        }
        try {
            while (true) {
                WatchKey key = w.take();
                List<WatchEvent<?>> events = key.pollEvents();
                List<Consumer<List<WatchEvent<?>>>> monitors = watched.getOrDefault(key, List.of());
                hand(monitors, events);
                if (!key.reset() && watched.remove(key) != null) {
                    hand(monitors, List.of()); // the directory can no longer be watched (removed?)
                }
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // closing
        }
    }

    private static void hand(List<Consumer<List<WatchEvent<?>>>> monitors, List<WatchEvent<?>> events) {
        for (Consumer<List<WatchEvent<?>>> m : monitors) {
            try {
                m.accept(events);
            } catch (RuntimeException e) {
                LOG.warn("a directory monitor failed to take its events", e);
            }
        }
    }

    /** Stops the watch thread and the pool (monitors still open stop with them). */
    @Override
    public void close() {
        WatchService w;
        synchronized (this) {
            closed = true;
            w = watcher;
        }
        executor.shutdownNow();
        if (w != null) {
            try {
                w.close();
            } catch (IOException e) {
                LOG.debug("closing the watch service", e);
            }
        }
    }
}
