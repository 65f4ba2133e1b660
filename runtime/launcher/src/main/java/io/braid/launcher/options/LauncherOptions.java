package io.braid.launcher.options;

import io.braid.engine.deploy.SshLauncher;
import io.braid.launcher.run.MasterJit;
import io.braid.launcher.run.WorkerJit;
import io.braid.launcher.run.WorkerPriority;
import io.braid.streams.client.DistroStreamClient;
import io.braid.streams.protocol.StreamSecretFile;

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
                    + "(python and c are coming: refused until their bindings are built)"),
            new OptionSpec("--resources", List.of(), "FILE", "", "COMPSs-style resources.xml describing the nodes"),
            new OptionSpec("--project", List.of(), "FILE", "", "COMPSs-style project.xml selecting the nodes of this run"),
            new OptionSpec("--interface", List.of(), "FQCN", "", "another annotated task interface (repeatable); "
                    + "<main class>Itf is always used"),
            new OptionSpec("--log_level", List.of(), "off|info|debug", "off", "runtime log detail (<log dir>/runtime.log)"),
            new OptionSpec("--graph", List.of("-g"), null, "false", "write the task graph to <log dir>/monitor "
                    + "(DOT, and SVG when Graphviz is installed)"),
            new OptionSpec("--tracing", List.of("-t"), null, "false", "write an execution trace to <log dir>/trace "
                    + "(Chrome trace format: ui.perfetto.dev)"),
            new OptionSpec("--summary", List.of(), null, "false", "print per task type the count and time statistics, and the learning of auto constraints"),
            new OptionSpec("--streaming", List.of(), "NONE|OBJECTS|FILES|ALL", "ALL", "stream kinds the run may use "
                    + "(started lazily)"),
            new OptionSpec("--streaming_backend", List.of(), "embedded|kafka://HOST:PORT", "embedded",
                    "Kafka broker for object streams"),
            new OptionSpec("--io_executors", List.of(), "N", "2", "I/O executors per worker unless the XML sets them"),
            new OptionSpec("--base_log_dir", List.of(), "DIR", "~/.braid/logs", "where the run's log dir "
                    + "(<app>_NN) is created"),
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
            new OptionSpec("--help", List.of("-h"), null, "false", "print this help and exit"));

    /** Environment variables braid-run reads, with their one-line documentation. */
    public static final List<EnvironmentSpec> ENVIRONMENT = List.of(
            new EnvironmentSpec(DistroStreamClient.SERVER_ENV, "HOST:PORT", "use this running stream server "
                    + "(scripts/braid-stream-server) instead of starting one"),
            new EnvironmentSpec(StreamSecretFile.ENV, "FILE", "the secret file of the stream server named by "
                    + DistroStreamClient.SERVER_ENV + " (its second output line)"),
            new EnvironmentSpec("BRAID_MASTER_JVM_OPTS", "OPTS", "extra JVM options of the master (e.g. -Xmx4g)"),
            new EnvironmentSpec(MasterJit.ENV, "auto|c1|c2", "the master's JIT: C1 only, or C1 and C2; auto = "
                    + "C1 only on a host of at most 2 cores [default: auto]"),
            new EnvironmentSpec(WorkerJit.ENV, "auto|late|standard", "when the workers compile with C2: at 10x the "
                    + "JVM's thresholds (late) or at its own; auto = late on a host of at most 2 cores [default: auto]"),
            new EnvironmentSpec(WorkerPriority.ENV, "0..19", "the local workers' nice value: 0 runs them at the "
                    + "master's CPU priority [default: 10]"),
            new EnvironmentSpec(SshLauncher.OPTIONS_ENV, "OPTS", "extra ssh options for workers started over ssh, "
                    + "whitespace-separated (e.g. -F FILE)"),
            new EnvironmentSpec("BRAID_CDS", "off", "do not map braid.jar's class-data archive (braid.jsa, written "
                    + "by the build) in the master and workers"));

    private final Map<String, List<String>> values;
    private final String application;
    private final List<String> appArgs;

    private LauncherOptions(Map<String, List<String>> values, String application, List<String> appArgs) {
        this.values = values;
        this.application = application;
        this.appArgs = appArgs;
    }

    /** @throws UsageException naming the culprit for an unknown option or a missing value */
    public static LauncherOptions parse(String[] args) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        int i = 0;
        while (i < args.length && args[i].startsWith("-")) {
            String arg = args[i];
            int eq = arg.indexOf('=');
            String key = eq > 0 ? arg.substring(0, eq) : arg;
            OptionSpec spec = find(key);
            if (spec == null) {
                throw new UsageException("unknown option " + key + " (braid-run --help lists the options)");
            }
            String value;
            if (spec.isFlag()) {
                if (eq > 0) {
                    throw new UsageException("option " + key + " takes no value");
                }
                value = "true";
            } else if (eq > 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException("option " + key + " needs a value: " + spec.usage());
            }
            values.computeIfAbsent(spec.name(), k -> new ArrayList<>()).add(value);
            i++;
        }
        String app = i < args.length ? args[i] : null;
        List<String> appArgs = i + 1 < args.length ? List.of(args).subList(i + 1, args.length) : List.of();
        return new LauncherOptions(values, app, appArgs);
    }

    private static OptionSpec find(String key) {
        for (OptionSpec s : SPECS) {
            if (s.name().equals(key) || s.aliases().contains(key)) {
                return s;
            }
        }
        return null;
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
        for (OptionSpec s : SPECS) {
            b.append(String.format("  %-44s %s%s%n", s.usage(), s.doc(),
                    s.isFlag() || s.defaultValue().isEmpty() ? "" : " [default: " + s.defaultValue() + "]"));
        }
        b.append("\nEnvironment:\n");
        for (EnvironmentSpec e : ENVIRONMENT) {
            b.append(String.format("  %-44s %s%n", e.name() + "=" + e.valueName(), e.doc()));
        }
        return b.toString();
    }
}
