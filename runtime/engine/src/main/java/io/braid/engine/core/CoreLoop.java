package io.braid.engine.core;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The runtime core's single thread. Everything that touches the analyser, the scheduler or the
 * dispatcher runs here, in order; other threads (the application, Netty) hand it work through
 * {@link #execute}. After each batch of events {@code afterBatch} runs once (scheduling and
 * flushing happen there, so a burst of submissions costs one scheduling pass).
 *
 * <p>The queue is lock-free and the core thread is woken only when it sleeps: every task's
 * submission (the application thread) and its result (a Netty thread) come through here, and a
 * blocking queue took a lock on each side and signalled a condition per event.
 */
public final class CoreLoop {
    private static final Logger LOG = LoggerFactory.getLogger(CoreLoop.class);
    private static final int MAX_BATCH = 4096;

    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
    /** Set by the core thread before it parks; whoever adds an event then unparks it. */
    private volatile boolean sleeping;
    private final Thread thread;
    private volatile Runnable afterBatch = () -> { };
    private volatile boolean running = true;

    public CoreLoop() {
        thread = new Thread(this::loop, "braid-core");
        thread.setDaemon(true);
    }

    public void start(Runnable afterBatch) {
        this.afterBatch = afterBatch;
        thread.start();
    }

    public void execute(Runnable event) {
        queue.add(event);
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    public void stop() {
        running = false;
        execute(() -> { });
    }

    /** The next event, waiting up to a second for one; null if none came (or on a spurious wake-up). */
    private Runnable next() throws InterruptedException {
        Runnable r = queue.poll();
        if (r != null) {
            return r;
        }
        sleeping = true; // before the second look: an event added after it sees the flag and unparks
        try {
            r = queue.poll();
            if (r == null) {
                LockSupport.parkNanos(this, TimeUnit.SECONDS.toNanos(1));
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                r = queue.poll();
            }
        } finally {
            sleeping = false;
        }
        return r;
    }

    private void loop() {
        while (running) {
            try {
                Runnable first = next();
                if (first == null) {
                    continue;
                }
                run(first);
                for (int i = 0; i < MAX_BATCH; i++) {
                    Runnable next = queue.poll();
                    if (next == null) {
                        break;
                    }
                    run(next);
                }
                afterBatch.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error e) {
                LOG.error("runtime core error", e);
            }
        }
    }

    private static void run(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            LOG.error("runtime core event failed", e);
        }
    }
}
