package io.braid.worker;

import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.comm.settings.ValueType;

/** The settings of the worker process (runtime/worker), declared once; docs/SETTINGS.md is printed from them. */
public final class WorkerSettings {
    public static final SettingDefs DEFS = new SettingDefs("runtime/worker",
            "The worker process. Local workers inherit the master's environment.");

    public static final Setting<String> PYTHON_INTERPRETER = DEFS.define(
            Setting.property("braid.python.interpreter", ValueType.STRING).environment("BRAID_PYTHON")
                    .valueName("COMMAND").defaultValue("python3")
                    .doc("the interpreter of the worker's Python processes and of a Python main program run by braid-run "
                            + "(a name on the PATH or a path, e.g. a venv's bin/python); it needs Python 3.10 or later"));

    public static final Setting<String> C_WORKER = DEFS.define(
            Setting.property("braid.c.worker", ValueType.STRING).environment("BRAID_C_WORKER")
                    .valueName("PATH")
                    .defaultDoc("next to braid.jar, else PREFIX/bin of an installed PREFIX/share/braid/braid.jar,"
                            + " else the repository's bindings-c/target/build, else the PATH")
                    .doc("the braid-c-worker executable that runs C tasks (one process per executor and worker"
                            + " library); built and installed with bindings-c"));

    public static final Setting<Long> PYTHON_OBJECT_FILE_THRESHOLD = DEFS.define(
            Setting.property("braid.python.objectFileThreshold", ValueType.LONG)
                    .environment("BRAID_PYTHON_OBJECT_FILE_THRESHOLD").valueName("BYTES").defaultValue(8L << 20)
                    .check(n -> n >= 0, "a size in bytes, 0 or more")
                    .doc("pickle size from which an object a Python task returns or updates is written to a file of"
                            + " the worker's working directory, which the worker keeps as the object and hands to the"
                            + " next Python task on the node, instead of going inline through the worker's memory"
                            + " (docs/PYTHON.md, \"Large objects\"); 0: every object other than None, a bool or a number"));

    private WorkerSettings() {
    }
}
