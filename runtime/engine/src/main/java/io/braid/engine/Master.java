package io.braid.engine;

import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.transport.DataFetcher;
import io.braid.comm.transport.DataServerHandler;
import io.braid.comm.transport.MessageServer;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.core.CoreLoop;
import io.braid.engine.core.MainAccessService;
import io.braid.engine.core.MasterConfig;
import io.braid.engine.core.RuntimeCore;
import io.braid.engine.core.StreamTaskListener;
import io.braid.engine.data.DataLocations;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.deploy.LauncherChooser;
import io.braid.engine.deploy.WorkerLaunch;
import io.braid.engine.deploy.WorkerRestartWording;
import io.braid.engine.deploy.WorkerSupervisor;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.SharedDisks;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.dispatch.WorkerLinkHandler;
import io.braid.engine.dispatch.WorkerPool;
import io.braid.engine.monitor.AutoConstraintSummary;
import io.braid.engine.monitor.ProgressLine;
import io.braid.engine.monitor.TaskStats;
import io.braid.engine.monitor.graph.TaskGraph;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.resources.Cluster;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.scheduling.learning.LearningPolicy;
import io.braid.engine.task.TaskSubmission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The master of a run: starts the servers and the workers, owns the core, and is what the
 * launcher talks to. {@link #submit} and {@link #access()} are safe from any thread.
 */
public final class Master implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Master.class);
    /** Main-program objects of this size or more are kept in files, not in the master's heap. */
    static final int SPILL_MIN_BYTES = 4 << 20;

    private final CoreLoop loop;
    private final RuntimeCore core;
    private final MainAccessService access;
    private final WorkerPool pool;
    private final Scheduler scheduler;
    private final TaskGraph graph;
    private final TraceRecorder trace;
    private final MessageServer workerServer;
    private final MessageServer dataServer;
    private final DataFetcher fetcher;
    private final ProgressLine progress;
    private volatile WorkerSupervisor supervisor;
    private final UserWarnings warnings = new UserWarnings();

    private Master(Cluster cluster, MasterConfig config, Consumer<String> onFatal) throws IOException {
        LearningPolicy learning = EngineSettings.LEARNING_POLICY.get(); // before any socket
        int chainAhead = EngineSettings.CHAIN_AHEAD.get();
        WorkerLaunch launch = config.launch();
        this.loop = new CoreLoop();
        this.pool = new WorkerPool(cluster.nodes());
        this.scheduler = new Scheduler(cluster.toResources(launch.defaultIoExecutors()));
        this.graph = config.recordGraph() ? new TaskGraph() : null;
        this.trace = config.recordTrace() ? new TraceRecorder() : null;
        TaskAnalyser analyser = graph != null ? new TaskAnalyser(graph) : new TaskAnalyser();
        VersionStore masterStore = new VersionStore();
        DataLocations locations = new DataLocations();
        this.dataServer = MessageServer.start(launch.masterHost(), 0, () -> new DataServerHandler(masterStore), "master-data");
        this.fetcher = new DataFetcher("master-fetch");
        JobFactory jobs = new JobFactory(pool.all(), locations, masterStore, new SharedDisks(cluster.masterSharedDisks()),
                dataServer.host(), dataServer.port());
        this.progress = config.showProgress() ? new ProgressLine(System.err) : null;
        if (progress != null) {
            progress.guard(System.out);
        }
        this.core = new RuntimeCore(analyser, scheduler, locations, masterStore, pool.all(), jobs, progress, trace, onFatal);
        core.setLearningPolicy(learning);
        core.setChainAhead(chainAhead);
        core.spillObjects(launch.logDir().resolve("master-data"), SPILL_MIN_BYTES, warnings);
        core.setEmptyValuesDir(launch.logDir().resolve("master-empty"));
        core.setUserWarnings(warnings);
        this.access = new MainAccessService(loop, core, fetcher, launch.logDir().resolve("master-snapshots"));
        WorkerLinkHandler.WorkerEvents events = new WorkerLinkHandler.WorkerEvents() {
            @Override
            public void workerConnected(int node) {
                // The main program's first read of a task's result fetches it from the worker:
                // the connection is opened now, while the run starts (docs/performance/tasks.md,
                // "A fresh run's first links").
                WorkerHandle w = pool.all().get(node);
                fetcher.connectAhead(w.dataHost(), w.dataPort());
            }

            @Override
            public void tasksDone(int node, List<TaskDone> done) {
                loop.execute(() -> {
                    for (int i = 0; i < done.size(); i++) {
                        core.taskDone(node, done.get(i));
                    }
                });
            }

            @Override
            public void taskFailed(int node, TaskFailed msg) {
                loop.execute(() -> core.taskFailed(node, msg));
            }

            @Override
            public void taskNotParked(int node, io.braid.comm.message.TaskNotParked msg) {
                loop.execute(() -> core.taskNotParked(node, msg));
            }

            @Override
            public void workerLost(int node) {
                WorkerHandle w = pool.all().get(node);
                pool.announceLost(w);
                fetcher.forget(w.dataHost(), w.dataPort(), "worker " + w.name() + " was lost");
                WorkerSupervisor s = supervisor;
                if (s != null) {
                    s.lost(node);
                } else {
                    loop.execute(() -> core.workerLost(node));
                }
            }
        };
        this.workerServer = MessageServer.start(launch.masterHost(), launch.masterPort(),
                () -> new WorkerLinkHandler(pool, events), "master");
        loop.start(core::dispatch);
    }

    /** {@link #start(Cluster, LauncherChooser, MasterConfig, Consumer)} with the standard launchers. */
    public static Master start(Cluster cluster, MasterConfig config, Consumer<String> onFatal) throws IOException {
        return start(cluster, LauncherChooser.standard((int) Math.max(1, config.workerStartTimeoutMs() / 1000)), config,
                onFatal);
    }

    /**
     * Starts the master and one worker per node, each with the launcher {@code launchers} picks for
     * it, and waits until every worker has connected.
     */
    public static Master start(Cluster cluster, LauncherChooser launchers, MasterConfig config, Consumer<String> onFatal)
            throws IOException {
        Master m = new Master(cluster, config, onFatal);
        try {
            m.startWorkers(launchers, config);
        } catch (IOException | RuntimeException e) {
            m.close();
            throw e;
        }
        return m;
    }

    private void startWorkers(LauncherChooser launchers, MasterConfig config) throws IOException {
        supervisor = new WorkerSupervisor(pool, launchers, config.workerStartTimeoutMs(), new WorkerSupervisor.NodeEvents() {
            @Override
            public void lost(int node, boolean restarting, Runnable then) {
                loop.execute(() -> {
                    core.workerLost(node, restarting);
                    then.run();
                });
            }

            @Override
            public void restarting(int node, int restart, int maxRestarts) {
                warnings.accept(WorkerRestartWording.restarting(pool.all().get(node).name(), restart, maxRestarts));
            }

            @Override
            public void back(int node) {
                loop.execute(() -> core.workerBack(node));
            }

            @Override
            public void excluded(int node, String why) {
                warnings.accept("node " + pool.all().get(node).name() + " excluded: " + why);
                loop.execute(() -> core.nodeExcluded(node, why));
            }
        });
        // Both servers bind the launch's master host: the workers reach the data server there too.
        supervisor.startAll(config.launch().withMaster(workerServer.host(), workerServer.port(), dataServer.port()));
    }

    /**
     * Where lines for the user that do not stop the run go (a worker started again, a node
     * excluded); safe from any thread.
     * Lines said before this call (during the start) are passed on now.
     */
    public void onWarning(Consumer<String> warnings) {
        this.warnings.to(warnings);
    }

    public void submit(TaskSubmission s) {
        loop.execute(() -> core.submit(s));
    }

    /**
     * Who hears about stream-writing tasks that will never finish, to close their streams for the
     * readers (see {@link StreamTaskListener}). Safe from any thread; set it before submitting
     * tasks. The listener runs on the core thread and must not block.
     */
    public void setStreamTaskListener(StreamTaskListener listener) {
        java.util.Objects.requireNonNull(listener, "listener");
        loop.execute(() -> core.setStreamTaskListener(listener));
    }

    /** See {@link RuntimeCore#dropAfterUse}; runs on the core thread after what was submitted before. */
    public void dropAfterUse(io.braid.engine.analysis.DataKey key, long taskId) {
        loop.execute(() -> core.dropAfterUse(key, taskId));
    }

    /** See {@link RuntimeCore#dropDatum}; runs on the core thread after what was submitted before. */
    public void dropDatum(io.braid.engine.analysis.DataKey key) {
        loop.execute(() -> core.dropDatum(key));
    }

    /** See {@link RuntimeCore#dropData}: one event on the core thread for all the keys. */
    public void dropData(java.util.List<? extends io.braid.engine.analysis.DataKey> keys) {
        if (!keys.isEmpty()) {
            loop.execute(() -> core.dropData(keys));
        }
    }

    public MainAccessService access() {
        return access;
    }

    /** Runs on the core thread and waits: for reading core state from outside at the end of a run. */
    public <T> T onCore(java.util.function.Supplier<T> s) {
        var f = new java.util.concurrent.CompletableFuture<T>();
        loop.execute(() -> f.complete(s.get()));
        return f.join();
    }

    public TaskStats stats() {
        return onCore(core::stats);
    }

    /**
     * What {@code --summary} prints: per task type the count and times, then per type with an
     * auto storage-bandwidth constraint its learning epochs and the constraint chosen.
     */
    public String summary() {
        return onCore(() -> core.stats().format() + AutoConstraintSummary.format(core.autoConstraints()));
    }

    public TaskGraph graph() {
        return graph;
    }

    /** Writes the execution trace (recorded with {@code recordTrace}); returns its number of task spans. */
    public int writeTrace(Path file) {
        return onCore(() -> {
            try {
                trace.write(file);
                return trace.spanCount();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Erases the progress line before the final output. */
    public void clearProgress() {
        if (progress != null) {
            onCore(() -> {
                progress.clear();
                return null;
            });
        }
    }

    @Override
    public void close() {
        pool.shutdown();
        if (supervisor != null) {
            supervisor.close();
        }
        loop.stop();
        fetcher.close();
        workerServer.close();
        dataServer.close();
        core.closeSpill();
    }

}
