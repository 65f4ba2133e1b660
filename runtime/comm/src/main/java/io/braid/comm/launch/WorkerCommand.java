package io.braid.comm.launch;

import io.braid.comm.settings.CommSettings;
import io.braid.comm.settings.CommandLine;
import io.braid.comm.settings.OptionSpec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a worker process is told at start: written by the master ({@link #toArgs()}), read by the
 * worker ({@link #parse(String[])}), so every setting and its default live here only.
 *
 * <p>{@link #environment()} is not part of the arguments: it holds what must not show in
 * {@code ps} (the run's secret). Each launcher delivers it its own way: a local process gets it as
 * its environment, an ssh-started one on the remote command's standard input, srun by inheritance.
 *
 * @param masterHost     address of the master's worker server, as the worker reaches it
 * @param masterPort     port of the master's worker server
 * @param node           the node's name in the run (the XML's ComputeNode Name)
 * @param bindHost       address the worker's data server binds: the node's own address
 * @param computingUnits executor threads of the compute platform
 * @param ioExecutors    executor threads of the I/O platform
 * @param classpath      the application's class path, as seen on the node
 * @param workingDir     the worker's working directory (created when missing)
 * @param jobsDir        where task outputs go (created when missing)
 * @param logFile        the file the worker's output goes to, named in error messages ("" = not known)
 * @param minPort        lowest port of the data server (0 = any free port)
 * @param maxPort        highest port of the data server (0 = any free port)
 * @param environment    variables the worker process gets, never on its command line
 * @param masterDataPort port of the master's data server, on {@code masterHost} (0 = not known): the
 *                       worker connects to it ahead of its first task's fetch from the master
 * @param pythonPrestart the worker starts its Python processes (one per executor) as it starts, not at
 *                       its first Python task: the workers of a Python main program
 */
public record WorkerCommand(String masterHost, int masterPort, String node, String bindHost, int computingUnits,
                            int ioExecutors, List<String> classpath, Path workingDir, Path jobsDir, String logFile,
                            int minPort, int maxPort, Map<String, String> environment, int masterDataPort,
                            boolean pythonPrestart) {

    /** The worker's settings: name on the command line, default (null = required), one-line doc. */
    public enum Option {
        MASTER("master", null, "HOST:PORT of the master's worker server"),
        NODE("node", null, "the node's name in the run"),
        BIND("bind", "127.0.0.1", "address the worker's data server binds (the node's own address)"),
        CUS("cus", "1", "computing units: executor threads of the compute platform"),
        IO_EXECUTORS("io_executors", String.valueOf(CommSettings.DEFAULT_IO_EXECUTORS), "executor threads of the I/O platform"),
        CLASSPATH("classpath", "", "the application's class path on the node"),
        WORKDIR("workdir", null, "the worker's working directory"),
        JOBS_DIR("jobs_dir", "<workdir>/jobs", "where task outputs go"),
        LOG_FILE("log_file", "", "the file the worker's output goes to (named in error messages)"),
        PORTS("ports", "0", "MIN-MAX: the data server's port range (0 = any free port)"),
        MASTER_DATA_PORT("master_data_port", "0", "port of the master's data server on the master's host, "
                + "connected to ahead of the first task (0 = not known)"),
        PYTHON_PRESTART("python_prestart", "false", "true: start the worker's Python processes (one per executor) "
                + "as the worker starts, not at its first Python task (the workers of a Python main program)");

        private final String key;
        private final String defaultValue;
        private final String doc;

        Option(String key, String defaultValue, String doc) {
            this.key = key;
            this.defaultValue = defaultValue;
            this.doc = doc;
        }

        public String key() {
            return key;
        }

        public String defaultValue() {
            return defaultValue;
        }

        public String doc() {
            return doc;
        }

        /** The options as the command-line parser takes them ({@code --key=VALUE}). */
        static final List<OptionSpec> SPECS = java.util.Arrays.stream(values()).map(Option::spec).toList();

        /** This option as the command-line parser takes it. */
        public OptionSpec spec() {
            return OptionSpec.value("--" + key, "VALUE", defaultValue == null ? "" : defaultValue, doc);
        }
    }

    /** Names a launcher can deliver as an environment variable through a shell. */
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** A command that does not name the master's data server. */
    public WorkerCommand(String masterHost, int masterPort, String node, String bindHost, int computingUnits,
                         int ioExecutors, List<String> classpath, Path workingDir, Path jobsDir, String logFile,
                         int minPort, int maxPort, Map<String, String> environment) {
        this(masterHost, masterPort, node, bindHost, computingUnits, ioExecutors, classpath, workingDir, jobsDir, logFile,
                minPort, maxPort, environment, 0);
    }

    /** A command whose worker starts its Python processes at its first Python task. */
    public WorkerCommand(String masterHost, int masterPort, String node, String bindHost, int computingUnits,
                         int ioExecutors, List<String> classpath, Path workingDir, Path jobsDir, String logFile,
                         int minPort, int maxPort, Map<String, String> environment, int masterDataPort) {
        this(masterHost, masterPort, node, bindHost, computingUnits, ioExecutors, classpath, workingDir, jobsDir, logFile,
                minPort, maxPort, environment, masterDataPort, false);
    }

    public WorkerCommand {
        Objects.requireNonNull(masterHost, "masterHost");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(workingDir, "workingDir");
        classpath = List.copyOf(classpath);
        jobsDir = jobsDir != null ? jobsDir : workingDir.resolve("jobs");
        logFile = logFile == null ? "" : logFile;
        if (masterDataPort < 0 || masterDataPort > 65_535) {
            throw new IllegalArgumentException("master data port " + masterDataPort + " is not 0..65535");
        }
        if (minPort < 0 || maxPort < minPort || maxPort > 65_535) {
            throw new IllegalArgumentException("port range " + minPort + "-" + maxPort + " is not 0 <= MIN <= MAX <= 65535");
        }
        environment = environment == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(environment));
        for (var e : environment.entrySet()) {
            // A launcher writes KEY=VALUE lines (ssh): one line per variable, a name a shell accepts.
            if (!ENV_NAME.matcher(e.getKey()).matches() || e.getValue().indexOf('\n') >= 0
                    || e.getValue().indexOf('\r') >= 0) {
                throw new IllegalArgumentException("environment variable '" + e.getKey()
                        + "' cannot be handed to a worker (a name of letters, digits, _; a one-line value)");
            }
        }
    }

    /** The same command with these variables added to its environment. */
    public WorkerCommand withEnvironment(Map<String, String> more) {
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.putAll(more);
        return new WorkerCommand(masterHost, masterPort, node, bindHost, computingUnits, ioExecutors, classpath,
                workingDir, jobsDir, logFile, minPort, maxPort, env, masterDataPort, pythonPrestart);
    }

    /** The worker's arguments, {@code --key=value} each; {@link #parse} reads them back. */
    public List<String> toArgs() {
        List<String> a = new ArrayList<>();
        a.add(arg(Option.MASTER, masterHost + ":" + masterPort));
        a.add(arg(Option.NODE, node));
        a.add(arg(Option.BIND, bindHost));
        a.add(arg(Option.CUS, Integer.toString(computingUnits)));
        a.add(arg(Option.IO_EXECUTORS, Integer.toString(ioExecutors)));
        a.add(arg(Option.CLASSPATH, String.join(File.pathSeparator, classpath)));
        a.add(arg(Option.WORKDIR, workingDir.toString()));
        a.add(arg(Option.JOBS_DIR, jobsDir.toString()));
        a.add(arg(Option.LOG_FILE, logFile));
        if (maxPort > 0) {
            a.add(arg(Option.PORTS, minPort + "-" + maxPort));
        }
        if (masterDataPort > 0) {
            a.add(arg(Option.MASTER_DATA_PORT, Integer.toString(masterDataPort)));
        }
        if (pythonPrestart) {
            a.add(arg(Option.PYTHON_PRESTART, "true"));
        }
        return a;
    }

    private static String arg(Option o, String value) {
        return "--" + o.key + "=" + value;
    }

    /**
     * Reads a worker's arguments. The result's environment is empty: the worker finds the
     * variables it was given in its own process environment.
     *
     * @throws IllegalArgumentException naming the argument that is unknown, missing or malformed
     */
    public static WorkerCommand parse(String[] args) {
        CommandLine.Parsed parsed;
        try {
            parsed = CommandLine.parse(Option.SPECS, args, CommandLine.Style.OPTIONS_ONLY);
        } catch (CommandLine.Problem e) {
            throw new IllegalArgumentException(e.kind() == CommandLine.Problem.Kind.UNKNOWN
                    ? "unknown worker argument: " + e.argument() : "worker argument " + e.getMessage());
        }
        Map<Option, String> m = new java.util.EnumMap<>(Option.class);
        for (Option o : Option.values()) {
            List<String> v = parsed.values().get(o.spec().name());
            if (v != null) {
                m.put(o, v.get(v.size() - 1));
            }
        }
        String master = value(m, Option.MASTER);
        int colon = master.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("worker argument --master=" + master + " is not HOST:PORT");
        }
        List<String> cp = new ArrayList<>();
        for (String e : value(m, Option.CLASSPATH).split(File.pathSeparator)) {
            if (!e.isBlank()) {
                cp.add(e);
            }
        }
        Path workdir = Path.of(value(m, Option.WORKDIR)).toAbsolutePath();
        String jobs = m.get(Option.JOBS_DIR);
        String ports = value(m, Option.PORTS);
        int dash = ports.indexOf('-');
        int min = integer(Option.PORTS, dash < 0 ? ports : ports.substring(0, dash));
        int max = dash < 0 ? min : integer(Option.PORTS, ports.substring(dash + 1));
        return new WorkerCommand(master.substring(0, colon), integer(Option.MASTER, master.substring(colon + 1)),
                value(m, Option.NODE), value(m, Option.BIND), integer(Option.CUS, value(m, Option.CUS)),
                integer(Option.IO_EXECUTORS, value(m, Option.IO_EXECUTORS)), cp, workdir,
                jobs == null ? null : Path.of(jobs), value(m, Option.LOG_FILE), min, max, Map.of(),
                integer(Option.MASTER_DATA_PORT, value(m, Option.MASTER_DATA_PORT)),
                bool(Option.PYTHON_PRESTART, value(m, Option.PYTHON_PRESTART)));
    }

    private static boolean bool(Option o, String text) {
        return switch (text.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("worker argument --" + o.key + ": '" + text
                    + "' is not true or false");
        };
    }

    private static String value(Map<Option, String> m, Option o) {
        String v = m.get(o);
        if (v != null) {
            return v;
        }
        if (o.defaultValue == null) {
            throw new IllegalArgumentException("missing worker argument --" + o.key);
        }
        return o.defaultValue;
    }

    private static int integer(Option o, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("worker argument --" + o.key + ": '" + text + "' is not an integer");
        }
    }
}
