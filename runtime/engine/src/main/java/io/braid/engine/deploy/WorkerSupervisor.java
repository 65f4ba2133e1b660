package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.EngineSettings;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.dispatch.WorkerPool;
import io.braid.engine.resources.NodeDescription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a worker on every node of the run: starts them, starts a node's worker again when it
 * dies (up to 3 times per node; {@code braid.worker.restarts}), and
 * excludes a node whose worker cannot be
 * started or keeps dying, so that the run goes on with the others. The decisions reach the core
 * through {@link NodeEvents}; the starts run on a thread of their own (a start over ssh or srun
 * takes seconds).
 */
public final class WorkerSupervisor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerSupervisor.class);

    /** System property: times a node's worker is started again after dying; its next death excludes the node. */
    public static final String RESTARTS_PROPERTY = EngineSettings.WORKER_RESTARTS.property();
    /** Default of {@link EngineSettings#WORKER_RESTARTS}. */
    public static final int DEFAULT_RESTARTS = EngineSettings.WORKER_RESTARTS.defaultValue();

    /** What the core hears (each call is moved onto the core thread by the implementation). */
    public interface NodeEvents {
        /**
         * The node's worker is gone; with {@code restarting} a new one is being started.
         * {@code then} runs on the core thread after the core has taken the loss in.
         */
        void lost(int node, boolean restarting, Runnable then);

        /**
         * The node's worker is gone and a new one is being started: {@code restart} of at most
         * {@code maxRestarts} (called before {@link #lost}, on the caller's thread).
         */
        void restarting(int node, int restart, int maxRestarts);

        /** The node's new worker has connected. */
        void back(int node);

        /** The node gets no worker any more ({@code why}, one line). */
        void excluded(int node, String why);
    }

    private final WorkerPool pool;
    private final LauncherChooser launchers;
    private final long startTimeoutMs;
    private final NodeEvents events;
    private final int maxRestarts;
    private final Slot[] slots;
    private final ExecutorService restarter;
    private volatile boolean closed;
    private WorkerLaunch launch;
    /** One node's worker: how it starts, the current process, how often it died. */
    private static final class Slot {
        final NodeDescription node;
        WorkerLauncher launcher;
        WorkerCommand command;
        volatile WorkerLauncher.StartedWorker process;
        int deaths;
        boolean excluded;

        Slot(NodeDescription node) {
            this.node = node;
        }
    }

    public WorkerSupervisor(WorkerPool pool, LauncherChooser launchers, long startTimeoutMs, NodeEvents events) {
        this.pool = pool;
        this.launchers = launchers;
        this.startTimeoutMs = startTimeoutMs;
        this.events = events;
        this.maxRestarts = maxRestarts();
        List<WorkerHandle> all = pool.all();
        this.slots = new Slot[all.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot(all.get(i).node());
        }
        this.restarter = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "braid-worker-restarts");
            t.setDaemon(true);
            return t;
        });
    }

    /** {@link EngineSettings#WORKER_RESTARTS}: {@code braid.worker.restarts}, or {@link #DEFAULT_RESTARTS}. */
    public static int maxRestarts() {
        return EngineSettings.WORKER_RESTARTS.get();
    }

    /**
     * Starts every node's worker and waits until each has connected, or its start failed, or
     * {@code startTimeoutMs} passed. Nodes whose worker did not come up are excluded (one line
     * each); the run goes on with the others.
     *
     * @throws IOException when no worker came up, naming why for each node
     */
    public void startAll(WorkerLaunch launch) throws IOException {
        this.launch = launch;
        String[] failed = new String[slots.length];
        for (int i = 0; i < slots.length; i++) {
            Slot s = slots[i];
            s.launcher = launchers.choose(s.node);
            s.command = WorkerCommands.forNode(s.node, launch, s.launcher.bindAddress(s.node));
            try {
                s.process = s.launcher.launch(s.node, s.command, launch);
                LOG.info("started worker {} ({} computing units) with {}", s.node.name(), s.node.computingUnits(),
                        s.launcher.getClass().getSimpleName());
            } catch (IOException e) {
                failed[i] = "could not be started: " + e.getMessage();
            }
        }
        long deadline = System.currentTimeMillis() + startTimeoutMs;
        int up = 0;
        for (int i = 0; i < slots.length; i++) {
            if (failed[i] == null) {
                failed[i] = awaitConnected(i, slots[i].process, deadline);
                if (failed[i] != null) {
                    slots[i].process.stop(0);
                }
            }
            up += failed[i] == null ? 1 : 0;
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            if (failed[i] != null) {
                lines.add("worker " + slots[i].node.name() + " " + failed[i]);
            }
        }
        if (up == 0) {
            throw new IOException(lines.size() == 1 ? lines.get(0) : "no worker came up: " + String.join("; ", lines));
        }
        for (int i = 0; i < slots.length; i++) {
            if (failed[i] != null) {
                exclude(i, failed[i]);
            }
        }
    }

    /** Null once the node's worker has connected; else why it did not (it died, or the deadline passed). */
    private String awaitConnected(int node, WorkerLauncher.StartedWorker process, long deadline) {
        WorkerHandle handle = pool.all().get(node);
        while (!handle.alive()) {
            if (closed) {
                return "was not started: the run is stopping";
            }
            if (!process.isAlive()) {
                String last = LogTail.lastLine(Path.of(process.logFile()));
                return "exited during start-up" + (last.isEmpty() ? "" : " (" + last + ")") + "; see " + process.logFile();
            }
            if (System.currentTimeMillis() > deadline) {
                return "did not connect within " + startTimeoutMs + " ms; see " + process.logFile();
            }
            try {
                Thread.sleep(20); // polling a process and a flag; a start takes hundreds of ms
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "was interrupted while starting";
            }
        }
        return null;
    }

    /**
     * The node's worker is gone (its connection closed or fell silent; Netty thread). Starts a
     * new one unless the run is stopping or the node has used up its restarts.
     */
    public void lost(int node) {
        if (closed || pool.shuttingDown()) {
            return;
        }
        Slot s = slots[node];
        if (s.excluded) {
            return;
        }
        int deaths;
        synchronized (s) {
            deaths = ++s.deaths;
        }
        if (deaths > maxRestarts) {
            events.lost(node, false, () -> { });
            exclude(node, maxRestarts == 0 ? "died (-D" + RESTARTS_PROPERTY + "=0: not started again)"
                    : "died " + deaths + " times (started again " + maxRestarts + " times, the limit)");
            return;
        }
        LOG.warn("worker {} lost; starting it again (restart {} of at most {})", s.node.name(), deaths, maxRestarts);
        events.restarting(node, deaths, maxRestarts);
        events.lost(node, true, () -> restarter.execute(() -> restart(node)));
    }

    private void restart(int node) {
        Slot s = slots[node];
        WorkerLauncher.StartedWorker old = s.process;
        if (old != null) {
            old.stop(0); // a worker that fell silent may still run: it must not come back beside the new one
        }
        if (closed) {
            return;
        }
        WorkerLauncher.StartedWorker fresh;
        try {
            fresh = s.launcher.launch(s.node, s.command, launch);
        } catch (IOException | RuntimeException e) {
            exclude(node, "could not be started again: " + e.getMessage());
            return;
        }
        s.process = fresh;
        String why = awaitConnected(node, fresh, System.currentTimeMillis() + startTimeoutMs);
        if (why == null) {
            LOG.info("worker {} started again", s.node.name());
            events.back(node);
        } else if (!closed) {
            fresh.stop(0);
            exclude(node, "was started again but " + why);
        }
    }

    /** {@code why} follows "worker NAME" in the line that says it. */
    private void exclude(int node, String why) {
        slots[node].excluded = true;
        LOG.warn("worker {} {}", slots[node].node.name(), why);
        events.excluded(node, "its worker " + why);
    }

    /** Stops every worker process still running, waiting up to {@code timeoutMs} for each to end by itself. */
    @Override
    public void close() {
        closed = true;
        restarter.shutdownNow();
        for (Slot s : slots) {
            WorkerLauncher.StartedWorker p = s.process;
            if (p != null) {
                p.stop(5_000);
            }
        }
        try {
            restarter.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
