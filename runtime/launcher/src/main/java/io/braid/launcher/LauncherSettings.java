package io.braid.launcher;

import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.comm.settings.ValueType;

import java.util.Locale;
import java.util.Set;

/**
 * The settings of braid-run (runtime/launcher and scripts/braid-run) other than its command-line
 * options ({@link io.braid.launcher.options.LauncherOptions#SPECS}), declared once;
 * docs/SETTINGS.md and the environment part of {@code braid-run --help} are printed from them.
 */
public final class LauncherSettings {
    public static final SettingDefs DEFS = new SettingDefs("runtime/launcher",
            "braid-run (scripts/braid-run and the master it starts); its options are in `braid-run --help`.");

    public static final Setting<String> MASTER_JVM_OPTS = DEFS.define(
            Setting.environment("BRAID_MASTER_JVM_OPTS", ValueType.STRING).valueName("OPTS")
                    .doc("extra JVM options of the master (e.g. -Xmx4g)").script());

    public static final Setting<String> MASTER_JIT = DEFS.define(
            Setting.environment("BRAID_MASTER_JIT", choice("auto", "c1", "c2")).valueName("auto|c1|c2")
                    .defaultValue("auto")
                    .doc("the master's JIT: C1 only, or C1 and C2; auto = C1 only on a host of at most 2 cores")
                    .script());

    public static final Setting<String> WORKER_JIT = DEFS.define(
            Setting.environment("BRAID_WORKER_JIT", choice("auto", "late", "standard")).valueName("auto|late|standard")
                    .defaultValue("auto")
                    .doc("when the workers compile with C2: at 10x the JVM's thresholds (late) or at its own; auto = "
                            + "late on a host of at most 2 cores"));

    /**
     * A 32-iteration hybrid exchange run took 0.3 s less on 2 cores at nice 10 (docs/PERFORMANCE.md,
     * "Less start-up work, and the local workers at nice 10").
     */
    public static final Setting<Integer> WORKER_NICE = DEFS.define(
            Setting.environment("BRAID_WORKER_NICE", ValueType.INT).valueName("0..19").defaultValue(10)
                    .check(n -> n >= 0 && n <= 19, "a whole number from 0 to 19")
                    .doc("the local workers' nice value: 0 runs them at the master's CPU priority"));

    public static final Setting<String> CDS = DEFS.define(
            Setting.environment("BRAID_CDS", choice("on", "off")).valueName("off").defaultDoc("on")
                    .doc("do not map braid.jar's class-data archive (braid.jsa, written by the build) in the master "
                            + "and workers").script());

    public static final Setting<String> CDS_ARCHIVE = DEFS.define(
            Setting.property("braid.cds.archive", ValueType.STRING).valueName("FILE")
                    .doc("the class-data archive the master maps, given to the workers it starts").internal());

    public static final Setting<String> DUMP_INSTRUMENTED = DEFS.define(
            Setting.property("braid.dumpInstrumented", ValueType.STRING).valueName("DIR")
                    .doc("write every application class the master rewrote under DIR (to debug the instrumentation)"));

    public static final Setting<String> HOME = DEFS.define(
            Setting.environment("BRAID_HOME", ValueType.STRING).valueName("DIR")
                    .doc("an installation's directory: the scripts run its braid.jar when not in a build tree")
                    .script());

    public static final Setting<String> JAR = DEFS.define(
            Setting.environment("BRAID_JAR", ValueType.STRING).valueName("FILE")
                    .doc("the braid.jar the scripts run, before any other").script());

    public static final Setting<String> RUN_OPTIONS = DEFS.define(
            Setting.environment("BRAID_RUN_OPTIONS", ValueType.STRING).valueName("OPTIONS")
                    .doc("braid-run's options for braid_on() in a C or Python main program (libbraid reads them; "
                            + "braid-run --lang=c|python sets them to its own)"));

    public static final Setting<String> RUN_PARENT = DEFS.define(
            Setting.environment("BRAID_RUN_PARENT", ValueType.STRING).valueName("PID")
                    .doc("the braid-run that started a C main program: its braid_on() has the program "
                            + "ended when that process dies").internal());

    public static final Setting<String> C_WORKER_LIBRARY = DEFS.define(
            Setting.environment("BRAID_C_WORKER_LIBRARY", ValueType.STRING).valueName("FILE")
                    .defaultDoc("libAPP-worker.so beside the program APP")
                    .doc("the worker library (libAPP-worker.so, braid-c-buildapp) a C main program's task stubs "
                            + "name; the workers load it at the same path (libbraid reads it)"));

    public static final Setting<String> LIBBRAID = DEFS.define(
            Setting.environment("BRAID_LIBBRAID", ValueType.STRING).valueName("FILE")
                    .defaultDoc("beside braid.jar, else the system's library path")
                    .doc("the libbraid.so a Python main program run by braid-run loads (read by the Python package "
                            + "braid; docs/PYTHON.md)").script());

    public static final Setting<Boolean> PYTHON_PRESTART = DEFS.define(
            Setting.property("braid.python.prestart", ValueType.BOOLEAN).defaultValue(false)
                    .doc("the master has its workers start their Python processes (one per executor) as they"
                            + " start, not at their first Python task, so that the tasks of a Python program's first"
                            + " submissions do not wait for them (the workers' --python_prestart); braid-run sets it"
                            + " for a Python main program"));

    private LauncherSettings() {
    }

    /** One of {@code names}, any case, read in lower case. */
    private static ValueType<String> choice(String... names) {
        Set<String> allowed = Set.of(names);
        return ValueType.of(String.join(", ", java.util.Arrays.asList(names).subList(0, names.length - 1)) + " or "
                + names[names.length - 1], s -> {
                    String v = s.trim().toLowerCase(Locale.ROOT);
                    if (!allowed.contains(v)) {
                        throw new IllegalArgumentException(v);
                    }
                    return v;
                });
    }
}
