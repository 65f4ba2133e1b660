package io.braid.launcher.embed;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.engine.Master;
import io.braid.engine.core.MasterConfig;
import io.braid.engine.deploy.LauncherChooser;
import io.braid.engine.deploy.MasterAddress;
import io.braid.engine.deploy.WorkerLaunch;
import io.braid.engine.monitor.ProgressLine;
import io.braid.launcher.BraidRun;
import io.braid.launcher.cds.ClassDataArchive;
import io.braid.launcher.options.LauncherOptions;
import io.braid.launcher.run.JavaAppRun;
import io.braid.launcher.run.RunSettings;
import io.braid.launcher.streams.StreamHosting;
import io.braid.launcher.streams.StreamingMode;
import io.braid.streams.StreamType;
import io.braid.streams.internals.settings.StreamSettings;
import io.braid.worker.WorkerSettings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The runtime of a program whose main is not Java: the C binding's {@code braid_on()} starts, in
 * the JVM libbraid created in that program, what braid-run starts for a Java main (the stream
 * services, the master, its workers, from braid-run's own options), {@code braid_barrier()} waits
 * for the tasks and {@code braid_off()} stops everything. libbraid calls only these static methods
 * and those of {@link ForeignTasks} (the main program's tasks) and {@link NativeStreams} through
 * JNI; a failure is an exception whose message is the one line the C caller reads from
 * {@code braid_last_error()}. One run per process at a time; another may follow the first.
 */
public final class EmbeddedRun {
    /** The run that is on; guarded by the class. */
    private static EmbeddedRun current;

    private final RunSettings settings;
    private final StreamHosting streams;
    private final Thread onSignal;
    /** Completed with the reason when the master gives up (a task failed for good, every worker is gone). */
    private final CompletableFuture<String> aborted = new CompletableFuture<>();
    private Master master;
    private ForeignSession foreign;

    private EmbeddedRun(RunSettings settings, StreamHosting streams) {
        this.settings = settings;
        this.streams = streams;
        this.onSignal = new Thread(streams::close, "braid-signal-streams");
    }

    /**
     * Starts the run. {@code options}: braid-run's options as one string (split as a shell would);
     * {@code appName}: names the log dir (null: this process's executable). Returns the log dir.
     */
    public static synchronized String start(String options, String appName) throws Exception {
        if (current != null) {
            throw new IllegalStateException("the runtime is already on (braid_on called again before braid_off)");
        }
        String app = appName == null || appName.isBlank() ? programName() : appName;
        List<String> words = new ArrayList<>(OptionWords.split(options));
        words.add(app);
        LauncherOptions o = LauncherOptions.parse(words.toArray(new String[0]));
        if (!app.equals(o.application()) || !o.appArgs().isEmpty()) {
            throw new IllegalArgumentException("options '" + options + "': '" + o.application()
                    + "' is not an option (braid-run --help lists them)");
        }
        if (o.flag("--help")) {
            throw new IllegalArgumentException("options '" + options + "': --help is for braid-run");
        }
        RunSettings settings = BraidRun.settings(o, app);
        current = launch(settings);
        return settings.logDir().toString();
    }

    /** Waits until every task submitted so far has ended. */
    public static void barrier() throws Exception {
        EmbeddedRun r;
        synchronized (EmbeddedRun.class) {
            r = running();
        }
        r.await(r.master.access().barrier(), "the barrier");
    }

    /** Waits for the tasks, writes what the options asked for (--summary, -t), stops the workers and the streams. */
    public static synchronized void stop() throws Exception {
        EmbeddedRun r = running();
        current = null;
        r.finish();
    }

    /** The foreign tasks of the run that is on ({@link ForeignTasks}). */
    static ForeignSession foreign() {
        synchronized (EmbeddedRun.class) {
            return running().foreign;
        }
    }

    /** True while a run is on. */
    public static synchronized boolean isOn() {
        return current != null;
    }

    private static EmbeddedRun running() {
        if (current == null) {
            throw new IllegalStateException("the runtime is not on (call braid_on first)");
        }
        return current;
    }

    /**
     * Object streams will be used: the run says so ({@code --streaming=OBJECTS}), or the program
     * does, through {@code braid.streams.prepare} (braid-run sets it for a Python application whose
     * source uses ObjectDistroStream: its tasks are only known as it runs, too late to start the
     * broker beside the workers). Unless this run cannot have them.
     */
    private static boolean usesObjectStreams(RunSettings settings) {
        boolean allowed = settings.streamServer() != null
                || settings.streaming().allowed().contains(StreamType.OBJECT);
        return allowed && (settings.streaming() == StreamingMode.OBJECTS || StreamSettings.PREPARE.get());
    }

    private static EmbeddedRun launch(RunSettings settings) throws Exception {
        String masterHost = MasterAddress.choose(settings.masterName(), settings.cluster());
        LauncherChooser launchers = LauncherChooser.standard(settings.workerStartTimeoutSeconds());
        for (var node : settings.cluster().nodes()) {
            launchers.choose(node); // a node no launcher can start is named now, before anything starts
        }
        EmbeddedRun run = new EmbeddedRun(settings, JavaAppRun.hostOrAttachStreams(settings, masterHost));
        Runtime.getRuntime().addShutdownHook(run.onSignal);
        if (usesObjectStreams(settings)) {
            run.streams.prepareObjectStreams();
        }
        List<String> workerJvm = new ArrayList<>(ClassDataArchive.forWorkers());
        workerJvm.addAll(settings.workerJit().jvmOptions());
        workerJvm.addAll(settings.workerJvmOptions());
        workerJvm.addAll(run.streams.workerJvmOptions());
        if (WorkerSettings.PYTHON_PRESTART.get()) { // a Python main program (braid-run app.py): its workers start theirs
            workerJvm.add("-D" + WorkerSettings.PYTHON_PRESTART.property() + "=true");
        }
        WorkerLaunch launch = new WorkerLaunch(settings.workerPriority().commandPrefix(),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), settings.braidJar(), workerJvm,
                masterHost, settings.masterPort(), settings.classpath(), settings.logDir(), settings.logLevel(),
                settings.ioExecutors(), ConnectionSecurity.process().workerEnvironment());
        MasterConfig config = new MasterConfig(launch, settings.graph(), settings.tracing(), ProgressLine.wanted(),
                settings.workerStartTimeoutSeconds() * 1000L);
        try {
            run.master = Master.start(settings.cluster(), launchers, config, run::abort);
        } catch (IOException | RuntimeException e) {
            run.closeStreams();
            throw e;
        }
        run.master.setStreamTaskListener((taskId, task, writes) -> run.streams.closeWriters(writes));
        run.master.onWarning(line -> System.err.println("[braid] WARNING: " + line));
        run.foreign = new ForeignSession(run.master, run::await);
        return run;
    }

    private void finish() throws Exception {
        String failure = null;
        try {
            await(master.access().barrier(), "the barrier");
            foreign.finish();
        } catch (Exception e) {
            failure = e.getMessage();
        }
        master.clearProgress();
        if (settings.summary()) {
            System.out.print(master.summary());
        }
        if (settings.tracing()) {
            Path file = settings.logDir().resolve("trace").resolve("braid_trace.json");
            int spans = master.writeTrace(file);
            System.err.println("[braid] trace: " + file + " (" + spans + " tasks)");
        }
        master.close();
        closeStreams();
        if (failure != null) {
            throw new RunFailedException(failure + " (logs: " + settings.logDir() + ")", aborted.isDone(), null);
        }
    }

    private void closeStreams() {
        streams.close();
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException e) {
            // the process is ending on a signal: the hook runs, and finds the streams closed
        }
    }

    /** Waits for {@code f}, or fails with the master's reason if it gives up first. */
    private <T> T await(CompletableFuture<T> f, String what) throws Exception {
        try {
            CompletableFuture.anyOf(f, aborted).get();
        } catch (ExecutionException e) {
            if (aborted.isDone()) { // the reason the master gave, not the wait's consequence of it
                throw new RunFailedException(aborted.get(), true, e.getCause());
            }
            throw new IllegalStateException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        if (aborted.isDone()) {
            throw new RunFailedException(aborted.get(), true, null);
        }
        return f.get();
    }

    /** The master gave up: said once on stderr, as braid-run does; the calls that wait fail with it. */
    private void abort(String message) {
        if (aborted.complete(message)) {
            System.err.println("[braid] ERROR: " + message);
            System.err.println("[braid] logs: " + settings.logDir());
        }
    }

    private static String programName() {
        return ProcessHandle.current().info().command().map(c -> Path.of(c).getFileName().toString()).orElse("native-app");
    }
}
