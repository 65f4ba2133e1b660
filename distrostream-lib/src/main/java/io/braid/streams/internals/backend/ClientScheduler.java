package io.braid.streams.internals.backend;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The background threads of one client process's stream library: a single scheduled pool of at
 * most {@link #threads()} threads, shared by the handles (getting a reader or publisher ready
 * ahead of use), the object backend (readers' fetches ahead, records given back after a while) and
 * whatever else would otherwise start threads of its own. Work beyond the bound waits in the
 * queue; idle threads end after {@link #IDLE_SECONDS} s, so a process that stopped using streams
 * holds none. The client that owns it closes it.
 */
public final class ClientScheduler implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClientScheduler.class);

    /** Idle threads end after this long. */
    static final long IDLE_SECONDS = 30;

    private final ScheduledThreadPoolExecutor executor;

    /** A scheduler of {@link #defaultThreads()} threads named {@code name-N}. */
    public ClientScheduler(String name) {
        this(name, defaultThreads());
    }

    public ClientScheduler(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        executor = new ScheduledThreadPoolExecutor(threads, factory);
        executor.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
        executor.allowCoreThreadTimeOut(true);
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        LOG.debug("stream client scheduler {}: at most {} threads", name, threads);
    }

    /**
     * Twice the processors, at least 8: each of a process's object readers has at most one fetch
     * ahead under way (50 ms at most, 500 ms when it joins its group), and a worker runs about one
     * reading task per core.
     */
    public static int defaultThreads() {
        return Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** The pool (execute, schedule). Tasks may block on the broker for at most a request timeout. */
    public ScheduledExecutorService executor() {
        return executor;
    }

    public int threads() {
        return executor.getCorePoolSize();
    }

    /** Stops taking work; tasks under way finish (they are not interrupted), delayed ones are dropped. */
    @Override
    public void close() {
        executor.shutdown();
    }
}
