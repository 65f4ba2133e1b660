package io.braid.worker;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.braid.comm.launch.ApplicationClassLoader;
import io.braid.comm.launch.WorkerCommand;
import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.message.WorkerHello;
import io.braid.comm.serial.ObjectSerializer;
import io.braid.comm.settings.SettingSource;
import io.braid.comm.transport.DataFetcher;
import io.braid.comm.transport.DataServerHandler;
import io.braid.comm.transport.MessageClient;
import io.braid.comm.transport.MessageServer;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.settings.StreamSettings;
import io.braid.worker.data.InputResolver;
import io.braid.worker.data.WorkerDataStore;
import io.braid.worker.execution.ExecutionManager;
import io.braid.worker.execution.ForeignInvoker;
import io.braid.worker.execution.cfunction.CFunctionInvoker;
import io.braid.worker.execution.JavaInvoker;
import io.braid.worker.execution.JobOutputRouter;
import io.braid.worker.execution.JobRunner;
import io.braid.worker.execution.ProcessInvoker;
import io.braid.worker.execution.c.CJobs;
import io.braid.worker.execution.python.PythonJobs;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A worker process: one per node. Connects to the master, serves its data to other nodes, runs
 * the jobs it is sent, and exits when the master says so or goes away.
 */
public final class WorkerMain {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerMain.class);
    /**
     * How long a stopping worker gives its stream client to close. Its readers and producer wait
     * up to 5 s each for a broker that is gone when the master hosted it (a run stopped by a
     * signal: the workers outlived braid-run by about 5 s); a reachable broker needs far less.
     */
    static final long STREAM_CLOSE_MS = 1_000;

    private WorkerMain() {
    }

    public static void main(String[] args) throws Exception {
        WorkerCommand opts = WorkerCommand.parse(args);
        // start-up phases in the log (tests/bench/startup reads them): the JVM's own start
        LOG.info("worker main starts {} ms after this process started", ProcessHandle.current().info().startInstant()
                .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis()).orElse(-1L));
        joinRunSecurity();
        Files.createDirectories(opts.workingDir());
        Files.createDirectories(opts.jobsDir());
        URL[] urls = new URL[opts.classpath().size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = Path.of(opts.classpath().get(i)).toUri().toURL();
        }
        // The master's policy (its AppClassLoader is one too): the application's class path first.
        ClassLoader appLoader = new ApplicationClassLoader("app", urls, WorkerMain.class.getClassLoader());
        Thread.currentThread().setContextClassLoader(appLoader);

        WorkerDataStore store = new WorkerDataStore(opts.workingDir());
        store.claimAndRemoveLeftovers(); // a restarted worker: its predecessor's jobs and objects are gone
        MessageServer dataServer = startDataServer(opts, store);
        DataFetcher fetcher = new DataFetcher("fetch-" + opts.node());
        PythonJobs python = PythonJobs.forWorker(WorkerSettings.PYTHON_INTERPRETER.get(), opts.workingDir(),
                opts.jobsDir(), opts.computingUnits() + opts.ioExecutors(), WorkerSettings.PYTHON_OBJECT_FILE_THRESHOLD.get());
        CJobs c = CJobs.forWorker(WorkerSettings.C_WORKER.get(), opts.jobsDir());
        CFunctionInvoker cFunctions = CFunctionInvoker.forWorker(opts.jobsDir());
        JobRunner runner = new JobRunner(new JavaInvoker(appLoader),
                new ProcessInvoker(opts.workingDir().resolve("sandboxes"), opts.node()), new ForeignInvoker(python, c),
                cFunctions, new ObjectSerializer(appLoader), store, new InputResolver(opts.node(), store, fetcher),
                WorkerSettings.PYTHON_OBJECT_FILE_THRESHOLD.get());
        JobOutputRouter output = JobOutputRouter.install(opts.jobsDir());

        ExecutionManager[] execution = new ExecutionManager[1];
        MasterConnection master;
        try {
            master = MasterConnection.open(opts, new MasterLink(() -> execution[0], store, fetcher));
        } catch (IOException e) {
            // e.g. "cannot connect to master 127.0.0.1:4567: the server refused this process's proof of the secret"
            // stderr, not the log: with --log_level=off the worker log would stay empty.
            System.err.println("braid-worker " + opts.node() + ": cannot join the run: " + e.getMessage());
            System.exit(1);
            return;
        }
        execution[0] = new ExecutionManager(opts.computingUnits(), opts.ioExecutors(), runner, output, master::send);
        master.send(new WorkerHello(opts.node(), dataServer.host(), dataServer.port(), ProcessHandle.current().pid(),
                opts.logFile()));
        if (opts.masterDataPort() > 0) {
            // the first task's inputs from the main program come from there (docs/performance/tasks.md)
            fetcher.connectAhead(opts.masterHost(), opts.masterDataPort());
        }
        LOG.info("worker {} up: {} computing units, {} I/O executors, data on {}:{}, working dir {}", opts.node(),
                opts.computingUnits(), opts.ioExecutors(), dataServer.host(), dataServer.port(), opts.workingDir());
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-XX:SharedArchiveFile=")).findFirst()
                .ifPresent(a -> LOG.info("class-data archive {}", a.substring(a.indexOf('=') + 1)));
        LOG.info("C2 compiles a method after {} invocations (Tier4InvocationThreshold)", vmOption("Tier4InvocationThreshold"));
        LOG.info("CPU priority: nice {}", niceValue());

        if (opts.pythonPrestart()) {
            python.prestart();
        }
        if (StreamSettings.PREPARE.get()) {
            prepareObjectStreams();
        }
        master.awaitClose();
        LOG.info("worker {} stopping: it holds {} object versions ({} in files) and {} file versions", opts.node(),
                store.versions().objectCount(), store.versions().objectFiles().size(), store.versions().fileCount());
        execution[0].shutdown();
        python.close();
        c.close();
        cFunctions.close();
        closeStreams();
        fetcher.close();
        dataServer.close();
        store.deleteObjectFiles();
        master.close();
        System.exit(0);
    }

    /**
     * The data server other nodes fetch this worker's data from, on the node's own address: on a
     * free port, or on the first free one of the XML's MinPort-MaxPort (sites open only those).
     */
    private static MessageServer startDataServer(WorkerCommand opts, WorkerDataStore store) throws IOException {
        String name = "data-" + opts.node();
        if (opts.maxPort() == 0) {
            return MessageServer.start(opts.bindHost(), 0, () -> new DataServerHandler(store.versions()), name);
        }
        IOException last = null;
        for (int port = Math.max(1, opts.minPort()); port <= opts.maxPort(); port++) {
            try {
                return MessageServer.start(opts.bindHost(), port, () -> new DataServerHandler(store.versions()), name);
            } catch (IOException e) {
                last = e;
            }
        }
        throw new IOException("no free port in " + opts.minPort() + "-" + opts.maxPort() + " on " + opts.bindHost()
                + (last == null ? "" : " (" + last.getMessage() + ")"), last);
    }

    /**
     * Takes the run's secret (and TLS identity) from the environment the master started this
     * process with; without it the worker could not prove it belongs to the run, so it stops here.
     */
    private static void joinRunSecurity() {
        try {
            ConnectionSecurity.install(ConnectionSecurity.fromSettings(SettingSource.system()).orElseThrow(
                    () -> new IllegalArgumentException(RunSecret.ENV + " is not set: a worker needs the run's secret in"
                            + " its environment (braid-run and its launchers set it)")));
        } catch (IllegalArgumentException e) {
            System.err.println("braid-worker: cannot start: " + e.getMessage());
            System.exit(2);
        }
    }

    /** Closes the process's stream client, waiting at most {@link #STREAM_CLOSE_MS}; the exit ends the rest. */
    private static void closeStreams() {
        Thread t = new Thread(DistroStreamClient::closeProcessClient, "braid-streams-close");
        t.setDaemon(true);
        t.start();
        try {
            t.join(STREAM_CLOSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            LOG.info("stream client not closed within {} ms (its broker may be gone); exiting anyway", STREAM_CLOSE_MS);
        }
    }

    /** This process's nice value (Linux: from /proc/self/stat), or "not known". */
    private static String niceValue() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields[16]; // field 19 of stat(5); fields[0] is field 3, the state
        } catch (IOException | RuntimeException e) {
            return "not known";
        }
    }

    /** A HotSpot flag's value as this JVM runs with it, or "not known" on another JVM. */
    private static String vmOption(String name) {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            return "not known";
        }
        try {
            return vm.getVMOption(name).getValue();
        } catch (IllegalArgumentException e) {
            return "not known";
        }
    }

    /**
     * The run declared object streams: gets this worker's Kafka clients ready before its first
     * stream task, on the stream client's own scheduler.
     */
    private static void prepareObjectStreams() {
        long t0 = System.nanoTime();
        try {
            DistroStreamClient.get().prepareObjectBackendInBackground().whenComplete((v, e) -> {
                if (e == null) {
                    LOG.info("object streams ready after {} ms", (System.nanoTime() - t0) / 1_000_000);
                } else {
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    LOG.warn("could not prepare object streams (the first stream task will report it): {}",
                            cause.getMessage());
                }
            });
        } catch (RuntimeException e) { // BackendException included
            LOG.warn("could not prepare object streams (the first stream task will report it): {}", e.getMessage());
        }
    }
}
