package io.braid.launcher;

import io.braid.comm.settings.CommSettings;
import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.comm.settings.SettingSource;
import io.braid.engine.EngineSettings;
import io.braid.engine.deploy.SlurmNodeProvider;
import io.braid.engine.deploy.SrunLauncher;
import io.braid.engine.deploy.XmlNodeProvider;
import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.tls.SelfSignedCertificates;
import io.braid.comm.tls.TlsIdentity;
import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.ResourcesException;
import io.braid.launcher.app.TaskDefinitionException;
import io.braid.launcher.options.LauncherOptions;
import io.braid.launcher.options.LogLevel;
import io.braid.launcher.options.UsageException;
import io.braid.launcher.run.AppSetupException;
import io.braid.launcher.run.CMainRun;
import io.braid.launcher.run.JavaAppRun;
import io.braid.launcher.run.PythonMainRun;
import io.braid.launcher.run.RunSettings;
import io.braid.launcher.run.WorkerJit;
import io.braid.launcher.run.WorkerPriority;
import io.braid.launcher.streams.StreamingMode;
import io.braid.streams.internals.server.KafkaMode;
import io.braid.streams.internals.settings.StreamSettings;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Main entry of {@code braid-run}. Wrong input ends with one line naming the culprit: exit 2
 * for the command line, 1 for the application or its XML files.
 */
public final class BraidRun {
    private BraidRun() {
    }

    public static void main(String[] args) {
        int status;
        try {
            status = run(args);
        } catch (UsageException e) {
            System.err.println("braid-run: " + e.getMessage());
            status = 2;
        } catch (ResourcesException | TaskDefinitionException | AppSetupException e) {
            System.err.println("braid-run: " + e.getMessage());
            status = 1;
        } catch (Exception e) {
            System.err.println("braid-run: " + e);
            status = 1;
        }
        System.exit(status);
    }

    static int run(String[] args) throws Exception {
        LauncherOptions o = LauncherOptions.parse(args);
        if (o.flag("--help")) {
            System.out.print(LauncherOptions.help());
            return 0;
        }
        if (o.flag("--version")) {
            String v = BraidRun.class.getPackage().getImplementationVersion();
            System.out.println("Braid " + (v != null ? v : "(version unknown: not run from braid.jar)"));
            return 0;
        }
        String app = o.application();
        if (app == null) {
            throw new UsageException("no application given (braid-run [options] <MainClass> [args...])");
        }
        String language = checkLanguage(o.get("--lang"), app);
        if (!language.equals("java")) {
            // the words before the application are braid-run's options, which the program's braid_on takes
            List<String> words = optionWords(args, o);
            java.util.concurrent.Callable<Integer> main = language.equals("c")
                    ? new CMainRun(words, app, o.appArgs(), braidJar())::run
                    : new PythonMainRun(words, app, o.appArgs(), braidJar())::run;
            for (String warning : o.warnings()) {
                System.err.println("braid-run: " + warning);
            }
            return main.call();
        }
        // Not new JavaAppRun(settings(o, app)): 'new' initialises JavaAppRun, and with it its
        // logger, before the argument sets up the run's log (runtime.log).
        RunSettings settings = settings(o, app);
        return new JavaAppRun(settings).run();
    }

    /**
     * The run's settings from the parsed command line, for the application {@code app}; sets up
     * the run's log dir and secret on the way. Also used by the C binding's embedded run
     * ({@code io.braid.launcher.embed.EmbeddedRun}), whose options are braid-run's.
     */
    public static RunSettings settings(LauncherOptions o, String app) throws Exception {
        String logLevel = LogLevel.parse(o.get("--log_level")).toString();
        checkSettings();
        WorkerJit workerJit = workerJit(LauncherSettings.WORKER_JIT.environment());
        WorkerPriority workerPriority = workerPriority(LauncherSettings.WORKER_NICE.environment());
        StreamingMode streaming = StreamingMode.parse(o.get("--streaming"));
        KafkaMode streamingBackend = streamingBackend(o.get("--streaming_backend"));
        String streamServer = existingStreamServer(o, StreamSettings.SERVER.get(SettingSource.systemEnvironment()));
        kafkaClientSettings(streamingBackend, streamServer);
        TlsIdentity tls = tlsIdentity(o); // before the log dir: a bad file is a usage error
        Path logDir = io.braid.launcher.run.RunLogging.setUp(o.get("--base_log_dir"),
                o.isSet("--specific_log_dir") ? o.get("--specific_log_dir") : null, app, logLevel);
        // The run's secret: every connection of the run proves it; workers get it in their environment.
        ConnectionSecurity.install(ConnectionSecurity.of(RunSecret.generate()).withTls(tls));
        RunSettings settings = new RunSettings(app, o.appArgs(), classpath(o.get("--classpath")), o.all("--interface"),
                cluster(o), logDir, logLevel, o.flag("--graph"), o.flag("--tracing"), o.flag("--summary"),
                o.intValue("--io_executors"),
                o.intValue("--master_port"), jvmOptions(o.get("--jvm_workers_opts")), o.intValue("--worker_start_timeout"),
                braidJar(), streaming, streamingBackend, streamServer, workerJit, workerPriority,
                o.isSet("--master_name") ? o.get("--master_name") : null, o.flag("--allow_uninstrumented"));
        // after every check: a wrong command line is one error line, not warnings and then the error
        for (String warning : o.warnings()) {
            System.err.println("braid-run: " + warning);
        }
        return settings;
    }

    /** braid-run's options as given: the words before the application (and its "--", if any). */
    private static List<String> optionWords(String[] args, LauncherOptions o) {
        int optionCount = args.length - 1 - o.appArgs().size();
        List<String> options = new ArrayList<>(Arrays.asList(args).subList(0, optionCount));
        if (!options.isEmpty() && options.get(options.size() - 1).equals("--")) {
            options.remove(options.size() - 1);
        }
        return options;
    }

    /**
     * The application's language: {@code --lang}, else inferred (python for {@code app.py}, c for a
     * path to an ELF executable, java otherwise).
     */
    static String checkLanguage(String lang, String app) {
        String language = !lang.equals("inferred") ? lang
                : app.endsWith(".py") ? "python" : CMainRun.isNativeProgram(app) ? "c" : "java";
        String given = lang.equals("inferred") ? app + " (a Python application)" : "--lang=" + language;
        switch (language) {
            case "java", "c", "python" -> {
                return language;
            }
            case "r" -> throw new UsageException(given + ": Braid has no R binding");
            default -> throw new UsageException("--lang=" + lang + ": expected java, python or c");
        }
    }

    /**
     * The run's TLS identity: none without {@code --tls}; {@code --tls_cert}/{@code --tls_key} when
     * given (they imply {@code --tls}); else a self-signed certificate made now for this run.
     */
    static TlsIdentity tlsIdentity(LauncherOptions o) {
        boolean cert = o.isSet("--tls_cert");
        boolean key = o.isSet("--tls_key");
        if (cert != key) {
            throw new UsageException(cert ? "--tls_cert needs --tls_key (its private key)" : "--tls_key needs --tls_cert");
        }
        if (cert) {
            try {
                return TlsIdentity.fromPemFiles(Path.of(o.get("--tls_cert")), Path.of(o.get("--tls_key")));
            } catch (java.io.IOException e) {
                throw new UsageException("--tls_cert/--tls_key: " + e.getMessage());
            }
        }
        return o.flag("--tls") ? SelfSignedCertificates.generate("braid-run", java.time.Duration.ofDays(365)) : null;
    }

    /**
     * Checks every setting of the master's modules (their properties come from BRAID_MASTER_JVM_OPTS)
     * before anything starts: a bad value is one usage line naming it, not a failure mid-run.
     */
    static void checkSettings() {
        for (SettingDefs defs : List.of(CommSettings.DEFS, StreamSettings.DEFS, EngineSettings.DEFS, LauncherSettings.DEFS)) {
            for (Setting<?> s : defs.all()) {
                if (s.audience() == Setting.Audience.SCRIPT || s == LauncherSettings.WORKER_JIT
                        || s == LauncherSettings.WORKER_NICE) {
                    continue; // the scripts checked theirs; the workers' two are named by their own checks below
                }
                try {
                    s.check(SettingSource.system()); // no log line yet: RunLogging configures SLF4J after this
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage() + (s.property() != null ? " (BRAID_MASTER_JVM_OPTS)" : ""));
                }
            }
        }
    }

    /**
     * Kafka client settings ({@code braid.streams.kafka.*}) are for an external cluster: with the
     * embedded broker (no SASL or TLS listener) they are refused; with {@code kafka://} the
     * master's clients and the workers' (through {@code StreamHosting}) get them.
     */
    static void kafkaClientSettings(KafkaMode backend, String existingServer) {
        Map<String, String> passed;
        try {
            passed = StreamSettings.KAFKA.values();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage() + " (BRAID_MASTER_JVM_OPTS)");
        }
        if (!passed.isEmpty() && backend.embedded() && existingServer == null) {
            throw new UsageException(StreamSettings.KAFKA.prefix() + passed.keySet().iterator().next()
                    + " applies to an external Kafka cluster (--streaming_backend=kafka://HOST:PORT), not to the "
                    + "embedded broker");
        }
    }

    /** The workers' JIT from {@code BRAID_WORKER_JIT} ({@code variable}), checked before anything starts (local workers: this host's cores). */
    static WorkerJit workerJit(String variable) {
        try {
            return WorkerJit.choose(SettingSource.system().environment(variable), Runtime.getRuntime().availableProcessors());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The local workers' nice value from {@code BRAID_WORKER_NICE} ({@code variable}), checked before anything starts. */
    static WorkerPriority workerPriority(String variable) {
        try {
            return WorkerPriority.choose(SettingSource.system().environment(variable));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * The stream server named by {@code BRAID_STREAM_SERVER} ({@code envValue}), or null (blank or
     * unset: the run hosts its own). That server has its own Kafka and stream kinds, so
     * {@code --streaming_backend} or a restricting {@code --streaming} beside it is an error.
     */
    static String existingStreamServer(LauncherOptions o, String envValue) {
        if (envValue == null || envValue.isBlank()) {
            return null;
        }
        String server = envValue.trim();
        String why = " cannot apply to an existing stream server (" + StreamSettings.SERVER.environment() + "=" + server
                + " is set; unset it to let the run host its own)";
        if (o.isSet("--streaming_backend")) {
            throw new UsageException("--streaming_backend=" + o.get("--streaming_backend") + why);
        }
        if (StreamingMode.parse(o.get("--streaming")) != StreamingMode.ALL) {
            throw new UsageException("--streaming=" + o.get("--streaming") + why);
        }
        return server;
    }

    private static KafkaMode streamingBackend(String text) {
        if (!text.equalsIgnoreCase("embedded") && !text.startsWith("kafka://")) {
            throw new UsageException("--streaming_backend=" + text + ": expected embedded or kafka://HOST:PORT");
        }
        try {
            return KafkaMode.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--streaming_backend=" + text + ": expected embedded or kafka://HOST:PORT");
        }
    }

    private static Cluster cluster(LauncherOptions o) {
        Path resources = o.isSet("--resources") ? Path.of(o.get("--resources")) : null;
        Path project = o.isSet("--project") ? Path.of(o.get("--project")) : null;
        if (o.flag("--slurm")) {
            return slurmNodes(o, resources != null || project != null);
        }
        for (String slurmOnly : List.of("--worker_in_master_cpus", "--worker_working_dir")) {
            if (o.isSet(slurmOnly)) {
                throw new UsageException(slurmOnly + " applies to --slurm runs only (the XML sets a node's cores and WorkingDir)");
            }
        }
        if (resources == null && project != null) {
            throw new UsageException("--project needs --resources too (the nodes' descriptions)");
        }
        return new XmlNodeProvider(resources, project, Runtime.getRuntime().availableProcessors()).nodes();
    }

    /** The nodes of the SLURM allocation this runs in (--slurm: a braid-enqueue job), from its variables. */
    private static Cluster slurmNodes(LauncherOptions o, boolean xmlGiven) {
        if (xmlGiven) {
            throw new UsageException("--slurm takes the nodes from the allocation: give no --resources/--project");
        }
        String workerDir = o.get("--worker_working_dir");
        Cluster nodes;
        try {
            nodes = SlurmNodeProvider.fromEnvironment(System.getenv(), o.intValue("--worker_in_master_cpus"),
                    workerDir.isBlank() ? null : workerDir).nodes();
        } catch (IllegalArgumentException e) {
            throw new UsageException("--slurm: " + e.getMessage());
        }
        // each worker binds the address of its node's name: a name that does not resolve fails here, in one line
        SrunLauncher srun = new SrunLauncher();
        for (var node : nodes.nodes()) {
            try {
                srun.bindAddress(node);
            } catch (IllegalArgumentException e) {
                throw new AppSetupException(e.getMessage());
            }
        }
        return nodes;
    }

    private static List<String> classpath(String cp) {
        List<String> out = new ArrayList<>();
        for (String e : (cp.isEmpty() ? "." : cp).split(File.pathSeparator)) {
            if (!e.isBlank()) {
                out.add(Path.of(e).toAbsolutePath().normalize().toString());
            }
        }
        return out;
    }

    private static List<String> jvmOptions(String s) {
        return s.isBlank() ? List.of() : Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    private static String braidJar() throws Exception {
        return Path.of(BraidRun.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
