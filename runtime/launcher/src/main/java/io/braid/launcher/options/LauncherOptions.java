package io.braid.launcher.options;

import io.braid.comm.settings.CommSettings;
import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;
import io.braid.comm.settings.Setting;
import io.braid.engine.EngineSettings;
import io.braid.launcher.LauncherSettings;
import io.braid.launcher.streams.StreamingMode;
import io.braid.streams.internals.settings.StreamSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of {@code braid-run}: declared in {@link #SPECS}, parsed from the command line
 * (options first, then the application and its arguments).
 */
public final class LauncherOptions {
    public static final List<OptionSpec> SPECS = List.of(
            new OptionSpec("--classpath", List.of("-cp"), "CP", "", "class path of the application (jars and directories)"),
            new OptionSpec("--lang", List.of(), "java|python|c", "inferred", "language of the application: java "
                    + "(a main class), python (inferred for app.py; docs/PYTHON.md), c (a program braid-c-buildapp "
                    + "built; inferred for a path to an ELF executable); r: no binding"),
            new OptionSpec("--resources", List.of(), "FILE", "", "COMPSs-style resources.xml describing the nodes"),
            new OptionSpec("--project", List.of(), "FILE", "", "COMPSs-style project.xml selecting the nodes of this run"),
            new OptionSpec("--interface", List.of(), "FQCN", "", "another annotated task interface (repeatable); "
                    + "<main class>Itf is always used"),
            new OptionSpec("--log_level", List.of(), LogLevel.valueNames(), LogLevel.OFF.toString(), "runtime log "
                    + "detail (<log dir>/runtime.log); runcompss's api means info, trace means debug"),
            OptionSpec.optionalValue("--graph", List.of("-g"), "BOOL", "false", "true", "write the task graph to "
                    + "<log dir>/monitor (DOT, and SVG when Graphviz is installed)"),
            OptionSpec.optionalValue("--tracing", List.of("-t"), "BOOL", "false", "true", "write an execution trace to "
                    + "<log dir>/trace (Chrome trace format: ui.perfetto.dev); runcompss's basic and advanced mean true"),
            new OptionSpec("--summary", List.of(), null, "false", "print per task type the count and time statistics, and the learning of auto constraints"),
            new OptionSpec("--streaming", List.of(), StreamingMode.valueNames(), StreamingMode.ALL.name(), "stream kinds the run may use "
                    + "(started lazily)"),
            new OptionSpec("--streaming_backend", List.of(), "embedded|kafka://HOST:PORT", "embedded",
                    "Kafka broker for object streams"),
            new OptionSpec("--io_executors", List.of(), "N", String.valueOf(CommSettings.DEFAULT_IO_EXECUTORS), "I/O executors per worker unless the XML sets them"),
            new OptionSpec("--base_log_dir", List.of(), "DIR", "~/.braid/logs", "where the run's log dir "
                    + "(<app>_NN) is created"),
            new OptionSpec("--specific_log_dir", List.of(), "DIR", "", "the run's log dir itself, used as given "
                    + "(created if missing) instead of a new <app>_NN under --base_log_dir"),
            new OptionSpec("--master_port", List.of(), "N", "0", "port the master listens on for workers (0 = any free)"),
            new OptionSpec("--master_name", List.of(), "ADDR", "", "address of this host that the workers reach "
                    + "(its servers bind it); default: loopback when every node is this host, else the address "
                    + "of the interface on the route to the first remote node"),
            new OptionSpec("--jvm_workers_opts", List.of(), "OPTS", "", "extra JVM options of the worker processes, "
                    + "comma-separated"),
            new OptionSpec("--worker_start_timeout", List.of(), "SECONDS", "60", "how long to wait for workers to connect"),
            new OptionSpec("--tls", List.of(), null, "false", "encrypt every connection of the run (master, workers, "
                    + "data, streams) with TLS; a self-signed certificate is made for the run unless --tls_cert is given"),
            new OptionSpec("--tls_cert", List.of(), "PEM", "", "certificate of the run's TLS (with --tls_key; implies --tls)"),
            new OptionSpec("--tls_key", List.of(), "PEM", "", "unencrypted PKCS#8 private key of --tls_cert"),
            new OptionSpec("--slurm", List.of(), null, "false", "take the nodes from the SLURM allocation this runs "
                    + "in (a braid-enqueue job): workers on the other nodes, started with srun"),
            new OptionSpec("--worker_in_master_cpus", List.of(), "N", "0", "with --slurm: cores of the master's node "
                    + "given to a worker there (0 = no worker on the master's node)"),
            new OptionSpec("--worker_working_dir", List.of(), "DIR", "", "with --slurm: directory under which each "
                    + "worker gets its working directory (default: under the run's log dir)"),
            new OptionSpec("--allow_uninstrumented", List.of(), null, "false", "when an application class cannot be "
                    + "instrumented, load it unchanged (no transparent synchronisation in it) instead of failing the "
                    + "run; the run's end names such classes"),
            new OptionSpec("--version", List.of("-v"), null, "false", "print Braid's version and exit"),
            new OptionSpec("--help", List.of("-h"), null, "false", "print this help and exit"));

    /** Every spelling braid-run accepts: its own options, then runcompss's other flags. */
    static final List<OptionSpec> ALL = java.util.stream.Stream.concat(SPECS.stream(), CompssFlags.specs().stream())
            .toList();

    /** Environment variables braid-run reads, shown by {@link #help()}: each declared once, in its module's settings. */
    public static final List<Setting<?>> ENVIRONMENT = List.of(StreamSettings.SERVER, StreamSettings.SECRET_FILE,
            LauncherSettings.MASTER_JVM_OPTS, LauncherSettings.MASTER_JIT, LauncherSettings.WORKER_JIT,
            LauncherSettings.WORKER_NICE, EngineSettings.SSH_OPTIONS, LauncherSettings.CDS);

    private final Map<String, List<String>> values;
    private final String application;
    private final List<String> appArgs;
    private final List<String> warnings;

    private LauncherOptions(Map<String, List<String>> values, String application, List<String> appArgs,
                            List<String> warnings) {
        this.values = values;
        this.application = application;
        this.appArgs = appArgs;
        this.warnings = List.copyOf(warnings);
    }

    /** @throws UsageException naming the culprit for an unknown option or a missing value */
    public static LauncherOptions parse(String[] args) {
        CommandLine.Parsed p;
        try {
            p = CommandLine.parse(ALL, CompssArguments.rewrite(args, ALL), CommandLine.Style.OPTIONS_THEN_OPERANDS);
        } catch (CommandLine.Problem e) {
            throw new UsageException(e.getMessage()
                    + (e.kind() == CommandLine.Problem.Kind.UNKNOWN ? " (braid-run --help lists the options)" : ""));
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : p.values().entrySet()) {
            CompssFlags.Flag compss = CompssFlags.find(e.getKey());
            if (compss == null) {
                values.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).addAll(e.getValue());
                continue;
            }
            // SameAs flags were rewritten to their braid-run option before parsing (CompssArguments)
            if (compss.treatment() instanceof CompssFlags.Ignored ignored
                    && !ignored.braidDoes().containsAll(e.getValue())) {
                warnings.add("ignoring runcompss flag " + e.getKey() + ": " + ignored.why());
            } else if (compss.treatment() instanceof CompssFlags.ByScript) {
                warnings.add("ignoring runcompss flag " + e.getKey() + ": only scripts/braid-run applies it, as it "
                        + "starts the master's JVM; this JVM is already running (BRAID_MASTER_JVM_OPTS gives its options)");
            } // AlreadySo: nothing to do
        }
        normaliseBoolean(values, "--graph", List.of());
        normaliseBoolean(values, "--tracing", List.of("basic", "advanced"));
        List<String> operands = p.operands();
        String app = operands.isEmpty() ? null : operands.get(0);
        List<String> appArgs = operands.size() > 1 ? operands.subList(1, operands.size()) : List.of();
        return new LauncherOptions(values, app, appArgs, warnings);
    }

    /**
     * runcompss's {@code --graph=<bool>} and {@code --tracing=<bool>}: true or false ({@code trueToo}
     * are older runcompss spellings of true); anything else is a usage error naming it.
     */
    private static void normaliseBoolean(Map<String, List<String>> values, String name, List<String> trueToo) {
        List<String> given = values.get(name);
        if (given == null) {
            return;
        }
        List<String> out = new ArrayList<>();
        for (String v : given) {
            if (v.equals("true") || v.equals("false")) {
                out.add(v);
            } else if (trueToo.contains(v)) {
                out.add("true");
            } else {
                throw new UsageException(name + "=" + v + ": expected true or false"
                        + (trueToo.isEmpty() ? "" : " (or " + String.join(", ", trueToo) + ", meaning true)"));
            }
        }
        values.put(name, out);
    }

    /**
     * One line per runcompss flag given that has no meaning in Braid ({@code ignoring runcompss flag
     * --comm: ...}), each flag once, in the order given: braid-run prints them before it starts.
     */
    public List<String> warnings() {
        return warnings;
    }

    private static OptionSpec find(String key) {
        return CommandLine.find(SPECS, key);
    }

    public String get(String name) {
        List<String> v = values.get(name);
        if (v != null) {
            return v.get(v.size() - 1);
        }
        OptionSpec s = find(name);
        if (s == null) {
            throw new IllegalArgumentException("undeclared option " + name);
        }
        return s.defaultValue();
    }

    public List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    public boolean flag(String name) {
        return Boolean.parseBoolean(get(name));
    }

    public boolean isSet(String name) {
        return values.containsKey(name);
    }

    public int intValue(String name) {
        String v = get(name);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new UsageException("option " + name + ": '" + v + "' is not an integer");
        }
    }

    public String application() {
        return application;
    }

    public List<String> appArgs() {
        return appArgs;
    }

    public static String help() {
        StringBuilder b = new StringBuilder("Usage: braid-run [options] <MainClass | app.py | app binary> [args...]\n\n"
                + "Runs a sequential application whose calls to annotated methods become tasks on the nodes of\n"
                + "--resources/--project (default: one local worker with every core).\n\nOptions:\n");
        b.append(CommandLine.help(SPECS));
        b.append("\nruncompss flags, accepted so that COMPSs command lines and scripts run unchanged (the ones\n"
                + "without a meaning in Braid print one warning line naming them; docs/COMPSS.md):\n");
        b.append(CommandLine.help(CompssFlags.specs()));
        b.append("\nEnvironment:\n");
        for (Setting<?> e : ENVIRONMENT) {
            b.append(String.format("  %-44s %s%s%n", e.environment() + "=" + e.valueName(), e.doc(),
                    e.defaultDoc().isEmpty() ? "" : " [default: " + e.defaultDoc() + "]"));
        }
        return b.toString();
    }
}
