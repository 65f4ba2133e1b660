package io.braid.streams.internals.server;

import io.netty.util.concurrent.DefaultThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The stream server's threads: one <em>loop</em> thread that owns all of the server's state (the
 * registry, reader counts, file streams, connections by client: no locks), and a bounded pool for
 * the calls that block (Kafka admin requests, starting the embedded broker, opening, settling and
 * closing file queues), whose results come back to the loop ({@link #offload}). Netty's I/O
 * threads only decode and encode: every message is handed to the loop.
 */
final class ServerLoop implements LoopClock {

    private static final Logger LOG = LoggerFactory.getLogger(ServerLoop.class);

    /**
     * Blocking calls at once. A topic's creation with its group's initialisation takes about
     * 0.2 s; eight let streams registered together get their topics together, beyond that they
     * queue (the pool never grows past it).
     */
    static final int BACKEND_THREADS = 8;

    private final ScheduledThreadPoolExecutor loop;
    private final ThreadPoolExecutor backend;
    private volatile Thread loopThread;

    ServerLoop() {
        loop = new ScheduledThreadPoolExecutor(1, new DefaultThreadFactory("stream-server-loop", true));
        loop.setRemoveOnCancelPolicy(true);
        loop.execute(() -> loopThread = Thread.currentThread());
        backend = new ThreadPoolExecutor(BACKEND_THREADS, BACKEND_THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), new DefaultThreadFactory("stream-server-backend", true));
        backend.allowCoreThreadTimeOut(true);
    }

    /** Runs {@code task} on the loop (dropped once the loop stopped). */
    void execute(Runnable task) {
        try {
            loop.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException | Error e) {
                    LOG.error("stream server task failed", e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("stream server closed: task dropped");
        }
    }

    boolean inLoop() {
        return Thread.currentThread() == loopThread;
    }

    @Override
    public long nowMs() {
        return System.nanoTime() / 1_000_000;
    }

    @Override
    public Timeout schedule(Runnable task, long delayMs) {
        try {
            var f = loop.schedule(task, Math.max(0, delayMs), TimeUnit.MILLISECONDS);
            return () -> f.cancel(false);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return () -> { };
        }
    }

    /** A call that may block: runs on the backend pool. */
    interface Blocking<T> extends Callable<T> {
    }

    /**
     * Runs {@code call} on the bounded backend pool, then {@code done} on the loop with its
     * result, or with the exception it threw (the other argument null).
     */
    <T> void offload(Blocking<T> call, BiConsumer<T, Throwable> done) {
        try {
            backend.execute(() -> {
                T result = null;
                Throwable failure = null;
                try {
                    result = call.call();
                } catch (Throwable t) { // handed to the loop, which decides
                    failure = t;
                }
                T r = result;
                Throwable f = failure;
                execute(() -> done.accept(r, f));
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            execute(() -> done.accept(null, new IllegalStateException("the stream server is closed")));
        }
    }

    /** Runs {@code task} on the backend pool, with no answer to the loop (its own failures logged). */
    void offload(Runnable task) {
        try {
            backend.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("stream server closed: background task dropped");
        }
    }

    /**
     * Stops both. Blocking calls under way are not interrupted (an interrupted broker start is
     * fatal to Kafka); whoever closes the backends afterwards makes them return.
     */
    void close() {
        loop.shutdown();
        backend.shutdown();
    }

    /** Waits up to {@code ms} for the loop to run what it was given before {@link #close()}. */
    void awaitLoop(long ms) {
        if (inLoop()) {
            return;
        }
        try {
            loop.awaitTermination(ms, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
