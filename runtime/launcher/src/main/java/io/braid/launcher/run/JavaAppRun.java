package io.braid.launcher.run;

import io.braid.comm.settings.SettingSource;
import io.braid.engine.Master;
import io.braid.engine.deploy.LauncherChooser;
import io.braid.engine.deploy.MasterAddress;
import io.braid.engine.monitor.graph.DotWriter;
import io.braid.engine.monitor.graph.SvgRenderer;
import io.braid.engine.monitor.ProgressLine;
import io.braid.engine.resources.Cluster;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.TaskDefinition;
import io.braid.launcher.app.Hooks;
import io.braid.launcher.app.TaskRegistry;
import io.braid.launcher.instrument.AppClassLoader;
import io.braid.launcher.instrument.UninstrumentableClassError;
import io.braid.launcher.streams.StreamHosting;
import io.braid.launcher.streams.StreamingMode;
import io.braid.streams.StreamType;
import io.braid.spi.AppRuntime;
import io.braid.streams.internals.settings.StreamSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One run of a Java application: checks it, starts the master and the workers, runs its main in
 * this thread with its classes instrumented, then waits for the tasks, brings files back and
 * stops everything. Returns the exit status.
 */
public final class JavaAppRun {
    private static final Logger LOG = LoggerFactory.getLogger(JavaAppRun.class);

    private final RunSettings settings;
    private volatile StreamHosting streams;

    public JavaAppRun(RunSettings settings) {
        this.settings = settings;
    }

    public int run() throws Exception {
        // start-up phases in the log (tests/bench/startup reads them): the process's age here is
        // the JVM's start and the launcher's option parsing
        LOG.info("run set-up starts {} ms after this process started", processAgeMillis());
        URL[] urls = new URL[settings.classpath().size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = Path.of(settings.classpath().get(i)).toUri().toURL();
        }
        String mainClass = settings.mainClass();
        List<String> interfaces = new java.util.ArrayList<>();
        interfaces.add(TaskRegistry.defaultInterfaceOf(mainClass));
        interfaces.addAll(settings.extraInterfaces());
        checkMainClassExists(urls, mainClass);
        String masterHost = masterHost(settings);
        LauncherChooser launchers;
        try {
            launchers = RunMaster.launchers(settings);
        } catch (IllegalArgumentException e) {
            throw new AppSetupException(e.getMessage());
        }
        // --streaming=OBJECTS says, before the application's classes are read, that the run uses
        // object streams: the broker's start (about 1 s, the longest of a streaming run's start-up)
        // and then the master and its workers' start (the other long one, which needs to know
        // whether the run uses object streams) begin now, beside the class reading.
        boolean objectsAhead = settings.streaming() == StreamingMode.OBJECTS;
        Thread onSignal = null;
        CompletableFuture<Master> masterAhead = null;
        if (objectsAhead) {
            onSignal = hostStreams(masterHost);
            streams.prepareObjectStreams();
            masterAhead = startMasterAhead(masterHost, launchers);
        }
        TaskRegistry registry;
        TaskDefinitions definitions;
        AppClassLoader loader;
        Method main;
        try {
            try {
                loader = AppClassLoader.create(urls, JavaAppRun.class.getClassLoader(), interfaces,
                        settings.allowUninstrumented());
            } catch (UninstrumentableClassError e) {
                throw new AppSetupException(e.getMessage());
            }
            registry = loader.registry();
            definitions = TaskDefinitions.of(registry);
            main = findMain(loader, mainClass);
            LOG.info("application classes read: {} task methods", registry.all().size());
            checkFits(settings.cluster(), definitions, settings.ioExecutors());
        } catch (RuntimeException | Error e) {
            if (masterAhead != null) {
                closeWhenStarted(masterAhead);
            }
            if (onSignal != null) {
                streams.close();
                removeSignalHook(onSignal);
            }
            throw e;
        }
        if (!objectsAhead) {
            onSignal = hostStreams(masterHost);
            if (usesObjectStreams(registry)) {
                streams.prepareObjectStreams();
            }
        }
        Master master;
        try {
            master = masterAhead != null ? awaitStart(masterAhead)
                    : RunMaster.start(settings, masterHost, launchers, streams, this::abort);
        } catch (IOException | RuntimeException e) {
            streams.close();
            removeSignalHook(onSignal);
            if (e instanceof IOException) {
                // e.g. a node whose worker could not start: its message names the node and why
                throw new AppSetupException(e.getMessage());
            }
            throw e;
        }
        // The run stops: streams that unfinished producer tasks write close for their readers (also in other apps).
        master.setStreamTaskListener((taskId, task, writes) -> streams.closeWriters(writes));
        master.onWarning(line -> System.err.println("[braid] WARNING: " + line));
        AppSide app = new AppSide(master, registry, definitions, loader);
        Hooks.install(app);
        AppRuntime.install(app);
        Thread.currentThread().setContextClassLoader(loader);
        LOG.info("running {}.main with {} task methods on {} nodes", mainClass, registry.all().size(),
                settings.cluster().nodes().size());
        int status = 0;
        try {
            main.invoke(null, (Object) settings.appArgs().toArray(new String[0]));
            app.finish();
        } catch (InvocationTargetException e) {
            master.clearProgress();
            if (e.getCause() instanceof TaskCallException bad) {
                System.err.println("[braid] ERROR: " + bad.getMessage());
            } else if (uninstrumentable(e.getCause()) == null) {
                System.err.print("Exception in thread \"main\" ");
                e.getCause().printStackTrace();
            } // else: said below, in one line
            status = 1;
        } catch (BraidException e) {
            master.clearProgress();
            System.err.println("[braid] ERROR: " + e.getMessage());
            status = 1;
        }
        master.clearProgress();
        // Even when the application caught the error and went on: its results cannot be trusted.
        if (loader.instrumentationFailure().isPresent()) {
            System.err.println("[braid] ERROR: " + loader.instrumentationFailure().get().getMessage());
            status = 1;
        }
        if (!loader.uninstrumented().isEmpty()) {
            System.err.println("[braid] WARNING: " + loader.uninstrumented().size() + " application class(es) ran "
                    + "without transparent synchronisation (--allow_uninstrumented): "
                    + String.join(", ", loader.uninstrumented()));
        }
        if (settings.summary()) {
            System.out.print(master.summary());
        }
        if (settings.graph()) {
            writeGraph(master, definitions);
        }
        if (settings.tracing()) {
            Path file = settings.logDir().resolve("trace").resolve("braid_trace.json");
            int spans = master.writeTrace(file);
            System.err.println("[braid] trace: " + file + " (" + spans + " tasks; open it in ui.perfetto.dev or chrome://tracing)");
        }
        master.close();
        streams.close();
        removeSignalHook(onSignal);
        LOG.info("run finished with status {}", status);
        return status;
    }

    /**
     * Starts (or attaches to) the run's stream services and arranges that a run stopped by a
     * signal (Ctrl-C, SIGTERM, a batch system's time limit) still stops the embedded broker, whose
     * temporary data directory would otherwise stay; returns that shutdown hook.
     */
    private Thread hostStreams(String masterHost) throws IOException {
        streams = hostOrAttachStreams(settings, masterHost);
        Thread onSignal = new Thread(this::closeStreamsBeforeHalt, "braid-signal-streams");
        Runtime.getRuntime().addShutdownHook(onSignal);
        return onSignal;
    }

    /**
     * Starts the master and its workers ({@link RunMaster#start}, which returns once every worker
     * has connected) on a thread of its own, while this one reads the application's classes.
     */
    private CompletableFuture<Master> startMasterAhead(String masterHost, LauncherChooser launchers) {
        CompletableFuture<Master> started = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                started.complete(RunMaster.start(settings, masterHost, launchers, streams, this::abort));
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, "braid-master-start");
        t.setDaemon(true);
        t.start();
        return started;
    }

    /** The master {@link #startMasterAhead} started, or the exception its start threw. */
    private static Master awaitStart(CompletableFuture<Master> started) throws IOException {
        try {
            return started.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            } else if (cause instanceof RuntimeException r) {
                throw r;
            } else if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** The application was rejected while its workers started: stops them once they are up (or failed to start). */
    private static void closeWhenStarted(CompletableFuture<Master> started) {
        try {
            awaitStart(started).close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("master started ahead of a rejected application: {}", e.toString());
        }
    }

    /** The instrumentation failure that ended the main program, if that is what ended it. */
    private static UninstrumentableClassError uninstrumentable(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof UninstrumentableClassError u) {
                return u;
            }
        }
        return null;
    }

    /** The streams are closed: a signal from now on has nothing of the run's to stop. */
    private static void removeSignalHook(Thread onSignal) {
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException e) {
            // a signal came as the run ended: the hook runs, and finds the streams closed
        }
    }

    /**
     * The run's own stream server, or the existing one named by BRAID_STREAM_SERVER. That server
     * outlives runs and may serve several, so the application id (whose readers share records)
     * gets a random suffix: each run is an application of its own. Also the embedded run's
     * (libbraid), whose options are braid-run's.
     */
    public static StreamHosting hostOrAttachStreams(RunSettings settings, String masterHost) throws IOException {
        String applicationId = "braid-" + settings.logDir().getFileName();
        if (settings.streamServer() == null) {
            return StreamHosting.start(settings.streaming(), settings.streamingBackend(), masterHost, applicationId);
        }
        try {
            return StreamHosting.attach(settings.streamServer(),
                    applicationId + "-" + Long.toHexString(new java.security.SecureRandom().nextLong() >>> 16),
                    StreamSettings.SECRET_FILE.get(SettingSource.systemEnvironment()));
        } catch (IOException e) {
            throw new AppSetupException("BRAID_STREAM_SERVER=" + settings.streamServer() + ": " + e.getMessage());
        }
    }

    /**
     * Object streams will be used when a task takes one or the run says so ({@code --streaming=OBJECTS}),
     * unless this run cannot have them.
     */
    private boolean usesObjectStreams(TaskRegistry registry) {
        boolean allowed = settings.streamServer() != null
                || settings.streaming().allowed().contains(StreamType.OBJECT);
        return allowed && (settings.streaming() == StreamingMode.OBJECTS || registry.takesObjectStreams());
    }

    private void writeGraph(Master master, TaskDefinitions definitions) throws IOException, InterruptedException {
        Path dir = settings.logDir().resolve("monitor");
        Files.createDirectories(dir);
        Path dot = dir.resolve("complete_graph.dot");
        List<TaskDefinition> all = definitions.all();
        DotWriter.write(master.graph(), id -> all.stream().filter(d -> d.typeId() == id).map(TaskDefinition::label)
                .findFirst().orElse("task" + id), dot);
        boolean svg = SvgRenderer.render(dot, dir.resolve("complete_graph.svg"), 60_000);
        System.err.println("[braid] task graph: " + dot + (svg ? " (and complete_graph.svg)" : ""));
    }

    /** A task failed for good or every worker is gone: report it once, stop the workers, exit 1. */
    private void abort(String message) {
        Thread t = new Thread(() -> {
            System.out.flush();
            if (ProgressLine.wanted()) {
                System.err.print("\r\033[K");
            }
            System.err.println("[braid] ERROR: " + message);
            System.err.println("[braid] logs: " + settings.logDir());
            LOG.error("aborting: {}", message);
            closeStreamsBeforeHalt();
            Runtime.getRuntime().halt(1);
        }, "braid-abort");
        t.start();
    }

    /**
     * Before the process ends (an abort, or a signal): closes the streams, and with the server
     * the embedded broker and its data directory. It waits at most 5 s, since the run is ending anyway.
     */
    private void closeStreamsBeforeHalt() {
        StreamHosting s = streams;
        if (s == null) {
            return;
        }
        Thread closer = new Thread(s::close, "braid-close-streams");
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Before the task interface is looked for, so that a mistyped main class is named as such. */
    private void checkMainClassExists(URL[] urls, String mainClass) throws IOException {
        try (var probe = new java.net.URLClassLoader(urls, null)) {
            if (probe.findResource(mainClass.replace('.', '/') + ".class") == null) {
                throw new AppSetupException("main class " + mainClass + " not found in the class path "
                        + String.join(java.io.File.pathSeparator, settings.classpath()));
            }
        }
    }

    private static Method findMain(ClassLoader loader, String mainClass) {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, loader);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new AppSetupException("main class " + mainClass + " not found in the class path");
        }
        try {
            Method m = c.getMethod("main", String[].class);
            if (!Modifier.isStatic(m.getModifiers())) {
                throw new AppSetupException("main class " + mainClass + ": main(String[]) is not static");
            }
            return m;
        } catch (NoSuchMethodException e) {
            throw new AppSetupException("main class " + mainClass + " has no public static void main(String[])");
        }
    }

    private static void checkFits(Cluster cluster, TaskDefinitions definitions, int ioExecutors) {
        Scheduler probe = new Scheduler(cluster.toResources(ioExecutors));
        for (TaskDefinition d : definitions.all()) {
            // A bounded auto constraint needs a node with room for its smallest value.
            ResourceRequest r = d.autoStorageBW() != null && d.autoStorageBW().bounded()
                    ? d.request().withStorageBW(d.autoStorageBW().min()) : d.request();
            boolean another = d.implementationList().stream().anyMatch(i -> probe.canEverRun(i.request()));
            if (!probe.canEverRun(r) && !another) {
                throw new AppSetupException("task " + d.label() + " needs " + r.describe() + " but no node provides it");
            }
        }
    }

    /**
     * The address the master's servers bind and advertise ({@code --master_name}, or chosen from
     * the nodes: loopback for a one-machine run, else the interface that reaches the first remote node).
     */
    private static String masterHost(RunSettings settings) {
        try {
            String host = MasterAddress.choose(settings.masterName(), settings.cluster());
            LOG.info("master address {}", host);
            return host;
        } catch (IllegalArgumentException e) {
            throw new AppSetupException(e.getMessage());
        }
    }

    /** Milliseconds since this process started (its start time as the OS gives it, 10 ms steps on Linux); -1 if unknown. */
    public static long processAgeMillis() {
        return ProcessHandle.current().info().startInstant()
                .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis()).orElse(-1L);
    }
}
