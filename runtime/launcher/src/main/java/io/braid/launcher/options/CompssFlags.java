package io.braid.launcher.options;

import io.braid.comm.settings.OptionSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * runcompss's flags that are not braid-run options of their own, each declared once with what
 * braid-run does with it, so that COMPSs command lines and scripts run unchanged: a flag is the
 * same as a braid-run option ({@link SameAs}), already what Braid does ({@link AlreadySo}),
 * applied by scripts/braid-run ({@link ByScript}), or has no meaning in Braid and is accepted
 * with one warning line saying why ({@link Ignored}).
 * The runcompss flags Braid has as options of its own ({@code --graph}, {@code --master_name}, ...)
 * are in {@link LauncherOptions#SPECS}. braid-run --help and docs/SETTINGS.md list both.
 */
public final class CompssFlags {

    /** What braid-run does with a runcompss flag. */
    public sealed interface Treatment permits SameAs, AlreadySo, ByScript, Ignored {
        /** One line for the help and docs/SETTINGS.md. */
        String describe();
    }

    /** The braid-run option {@code option}, with the flag's own value ({@code value} null) or {@code value}. */
    public record SameAs(String option, String value) implements Treatment {
        @Override
        public String describe() {
            return "same as " + option + (value == null || value.equals("true") ? "" : "=" + value);
        }
    }

    /** Accepted silently: Braid behaves so anyway ({@code why} says how). */
    public record AlreadySo(String why) implements Treatment {
        @Override
        public String describe() {
            return "accepted: " + why;
        }
    }

    /**
     * Applied by scripts/braid-run before the master's JVM starts ({@code how}), so the JVM never
     * sees it; one that reaches the JVM (BraidRun started otherwise) is ignored with a warning.
     */
    public record ByScript(String how) implements Treatment {
        @Override
        public String describe() {
            return "applied: " + how;
        }
    }

    /**
     * No meaning in Braid: accepted with one warning line saying {@code why}, unless its value is
     * one of {@code braidDoes} (what Braid does anyway, e.g. {@code --comm=...NIOAdaptor}).
     */
    public record Ignored(String why, List<String> braidDoes) implements Treatment {
        @Override
        public String describe() {
            return "ignored" + (braidDoes.isEmpty() ? "" : " (silently when " + String.join(" or ", braidDoes) + ")")
                    + ": " + why;
        }
    }

    /** One runcompss flag: how it is written ({@link OptionSpec}) and what braid-run does with it. */
    public record Flag(OptionSpec spec, Treatment treatment) {
    }

    private static final String NO_EXTRAE = "Braid's trace (--tracing) is a Chrome trace of its own, not Extrae's";
    private static final String NO_STORAGE = "Braid has no storage backends (dataClay, Hecuba, Redis)";
    private static final String NO_PYTHON = "Braid's Python binding does not apply it (BRAID_PYTHON names the interpreter; docs/PYTHON.md)";
    private static final String NO_C = "a C program's tasks name their worker library (libAPP-worker.so beside the "
            + "program, or BRAID_C_WORKER_LIBRARY), and braid-c-worker processes are persistent";
    private static final String MASTER_JVM = "the master's JVM is already running: give its options in BRAID_MASTER_JVM_OPTS";
    private static final String ONE_SCHEDULER = "Braid has one scheduler (data locality, constraints, priority; "
            + "docs/DESIGN.md)";
    private static final String NO_PROVENANCE = "Braid records no RO-Crate provenance";
    private static final String NO_PROFILES = "Braid keeps no task profiles between runs (--summary prints this run's)";
    private static final String NO_CHECKPOINT = "Braid does not checkpoint the task graph";
    private static final String NO_AFFINITY = "Braid does not bind tasks to particular ";

    public static final List<Flag> FLAGS = List.of(
            // general
            flag("--opts", new SameAs("--help", "true"), "print the options and exit"),
            flag("--flower", ignored("a picture in runcompss, none in Braid"), "COMPSs' flower"),
            flag("--recipe", ignored("a recipe in runcompss, none in Braid"), "COMPSs' recipe"),
            // tools
            flag("--debug", List.of("-d"), new SameAs("--log_level", "debug"), "debug logging"),
            optional("--monitoring", List.of("-m"), "MS", "2000", ignored("Braid has no monitor service: "
                    + "--graph and --tracing write the graph and the trace when the run ends"), "monitoring period"),
            optional("--external_debugger", List.of(), "PORT", "9999", ignored(MASTER_JVM
                    + " (-agentlib:jdwp=transport=dt_socket,server=y,address=PORT)"), "debugger port of the master"),
            value("--jmx_port", "PORT", ignored(MASTER_JVM + " (-Dcom.sun.management.jmxremote.port=PORT ...)"),
                    "JMX port of the master"),
            value("--coverage", "EXPR", ignored("give a coverage agent as -javaagent:... in BRAID_MASTER_JVM_OPTS and "
                    + "--jvm_workers_opts"), "JaCoCo agent of the master and workers"),
            // runtime configuration
            value("--task_execution", "compss|storage", ignored(NO_STORAGE, "compss"), "tasks under COMPSs or a storage backend"),
            value("--storage_impl", "PATH", ignored(NO_STORAGE), "storage implementation"),
            value("--storage_conf", "PATH", ignored(NO_STORAGE), "storage configuration file"),
            // advanced
            value("--extrae_config_file", "PATH", ignored(NO_EXTRAE), "Extrae configuration"),
            value("--extrae_config_file_python", "PATH", ignored(NO_EXTRAE), "Extrae configuration for Python"),
            value("--trace_label", "LABEL", ignored(NO_EXTRAE), "label of the trace"),
            value("--tracing_task_dependencies", "BOOL", ignored(NO_EXTRAE, "false"), "task dependencies in the trace"),
            value("--generate_trace", "BOOL", ignored(NO_EXTRAE, "true"), "merge the trace packages into a trace"),
            value("--delete_trace_packages", "BOOL", ignored(NO_EXTRAE), "delete the trace packages"),
            value("--custom_threads", "BOOL", ignored(NO_EXTRAE), "reorder the trace's threads"),
            value("--comm", "CLASS", ignored("Braid has one transport of its own, in the NIO adaptor's role; "
                    + "COMPSs' adaptor classes do not apply", "es.bsc.compss.nio.master.NIOAdaptor"), "communication adaptor"),
            value("--conn", "CLASS", ignored("Braid has no cloud connectors: the nodes are those of the XML files",
                    "es.bsc.compss.connectors.DefaultSSHConnector", "es.bsc.compss.connectors.DefaultNoSSHConnector"),
                    "cloud connector"),
            value("--streaming_master_name", "NAME", ignored("the run's stream server listens on the master's address "
                    + "(--master_name); BRAID_STREAM_SERVER points the run at a server of your own"), "stream server host"),
            value("--streaming_master_port", "PORT", ignored("the run's stream server takes a free port; "
                    + "BRAID_STREAM_SERVER points the run at a server of your own"), "stream server port"),
            value("--scheduler", "CLASS", ignored(ONE_SCHEDULER), "scheduler class"),
            value("--scheduler_config_file", "PATH", ignored(ONE_SCHEDULER), "scheduler configuration"),
            value("--checkpoint", "CLASS", ignored(NO_CHECKPOINT, "es.bsc.compss.checkpoint.policies.NoCheckpoint"),
                    "checkpoint policy"),
            value("--checkpoint_params", "PARAMS", ignored(NO_CHECKPOINT), "checkpoint parameters"),
            value("--checkpoint_folder", "DIR", ignored(NO_CHECKPOINT), "checkpoint folder"),
            value("--library_path", "PATH", ignored("set LD_LIBRARY_PATH before braid-run (local workers inherit it) "
                    + "or -Djava.library.path in --jvm_workers_opts"), "library directories"),
            value("--appdir", "DIR", ignored(NO_C), "C application directory"),
            value("--pythonpath", "PATH", ignored(NO_PYTHON), "Python path"),
            value("--env_script", "PATH", ignored("source the script before braid-run: the master and local workers "
                    + "inherit its environment"), "environment script"),
            value("--log_dir", "DIR", new SameAs("--base_log_dir", null), "where the log dir is made"),
            value("--master_working_dir", "DIR", ignored("the master has no working directory to "
                    + "set: its files go to the run's log dir or to temporary directories it deletes"),
                    "master's working directory"),
            value("--uuid", "UUID", ignored("a run is named by its log dir (<app>_NN)"), "application UUID"),
            value("--jvm_master_opts", "OPTS", new ByScript("scripts/braid-run starts the master's JVM with them "
                    + "(comma-separated, after BRAID_MASTER_JVM_OPTS)"), "master's JVM options"),
            value("--cpu_affinity", "MAP", ignored(NO_AFFINITY + "cores (the OS places the workers' threads)",
                    "disabled"), "CPU affinity of the workers"),
            value("--gpu_affinity", "MAP", ignored(NO_AFFINITY + "GPUs", "disabled"), "GPU affinity of the workers"),
            value("--fpga_affinity", "MAP", ignored(NO_AFFINITY + "FPGAs", "disabled"), "FPGA affinity of the workers"),
            value("--fpga_reprogram", "COMMAND", ignored("Braid does not program FPGAs"), "FPGA reprogramming command"),
            value("--task_count", "N", ignored("for the C and Python bindings, not built yet"), "number of task types"),
            value("--input_profile", "PATH", ignored(NO_PROFILES), "profile read at the start"),
            value("--output_profile", "PATH", ignored(NO_PROFILES), "profile written at the end"),
            value("--PyObject_serialize", "BOOL", ignored(NO_PYTHON), "Python object serialisation"),
            value("--persistent_worker_c", "BOOL", ignored(NO_C), "persistent C worker"),
            value("--enable_external_adaptation", "BOOL", ignored("Braid has no resource optimiser to replace",
                    "false"), "external adaptation"),
            flag("--gen_coredump", ignored(MASTER_JVM + " (-XX:+CreateCoredumpOnCrash)"), "master core dump"),
            flag("--keep_workingdir", new AlreadySo("Braid leaves the workers' working directories in place "
                    + "(<log dir>/workers/<node>-wd, or the XML's WorkingDir/braid-<run>-<node>)"), "keep the workers' "
                    + "working directories"),
            value("--python_interpreter", "NAME", ignored(NO_PYTHON), "Python interpreter"),
            value("--python_propagate_virtual_environment", "BOOL", ignored(NO_PYTHON), "propagate the virtualenv"),
            value("--python_mpi_worker", "BOOL", ignored(NO_PYTHON), "MPI Python worker"),
            flag("--python_memory_profile", ignored(NO_PYTHON), "memory profile of the Python master"),
            value("--python_worker_cache", "SPEC", ignored(NO_PYTHON), "Python worker cache"),
            value("--python_cache_profiler", "BOOL", ignored(NO_PYTHON), "Python cache profiler"),
            value("--wall_clock_limit", "SECONDS", ignored("Braid does not enforce a time limit: use the batch "
                    + "system's (braid-enqueue --exec_time)"), "maximum duration"),
            value("--shutdown_in_node_failure", "BOOL", ignored("a failed node is excluded and the run goes on with "
                    + "the others", "false"), "stop the run when a node fails"),
            optional("--provenance", List.of("-p"), "YAML", "ro-crate-info.yaml", ignored(NO_PROVENANCE),
                    "RO-Crate provenance"),
            value("--data_provenance", "BOOL", ignored(NO_PROVENANCE, "false"), "RO-Crate provenance"),
            value("--provenance_folder", "DIR", ignored(NO_PROVENANCE), "where the RO-Crate goes"),
            flag("--zip_provenance", List.of("-z"), ignored(NO_PROVENANCE), "zipped RO-Crate provenance"));

    private CompssFlags() {
    }

    /** The option specs of {@link #FLAGS}, for the parser. */
    public static List<OptionSpec> specs() {
        List<OptionSpec> out = new ArrayList<>();
        for (Flag f : FLAGS) {
            out.add(f.spec());
        }
        return out;
    }

    /** The flag named {@code name} (its main spelling), or null. */
    public static Flag find(String name) {
        for (Flag f : FLAGS) {
            if (f.spec().name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    private static Ignored ignored(String why, String... braidDoes) {
        return new Ignored(why, List.of(braidDoes));
    }

    private static Flag flag(String name, Treatment t, String what) {
        return flag(name, List.of(), t, what);
    }

    private static Flag flag(String name, List<String> aliases, Treatment t, String what) {
        return new Flag(new OptionSpec(name, aliases, null, "false", doc(what, t)), t);
    }

    private static Flag value(String name, String valueName, Treatment t, String what) {
        return new Flag(new OptionSpec(name, List.of(), valueName, "", doc(what, t)), t);
    }

    private static Flag optional(String name, List<String> aliases, String valueName, String bare, Treatment t,
                                 String what) {
        return new Flag(OptionSpec.optionalValue(name, aliases, valueName, "", bare, doc(what, t)), t);
    }

    private static String doc(String what, Treatment t) {
        return what + "; " + t.describe();
    }
}
