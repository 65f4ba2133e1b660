package io.braid.engine.core;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The runtime core's single thread. Everything that touches the analyser, the scheduler or the
 * dispatcher runs here, in order; other threads (the application, Netty) hand it work through
 * {@link #execute}. After each batch of events {@code afterBatch} runs once (scheduling and
 * flushing happen there, so a burst of submissions costs one scheduling pass).
 */
public final class CoreLoop {
    private static final Logger LOG = LoggerFactory.getLogger(CoreLoop.class);
    private static final int MAX_BATCH = 4096;

    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
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
    }

    public void stop() {
        running = false;
        queue.add(() -> { });
    }

    private void loop() {
        while (running) {
            try {
                Runnable first = queue.poll(1, TimeUnit.SECONDS);
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
