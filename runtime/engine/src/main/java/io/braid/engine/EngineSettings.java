package io.braid.engine;

import io.braid.comm.settings.Setting;
import io.braid.comm.settings.SettingDefs;
import io.braid.comm.settings.ValueType;
import io.braid.engine.scheduling.learning.LearningPolicy;

import java.util.List;

/** The settings of the master (runtime/engine), declared once; docs/SETTINGS.md is printed from them. */
public final class EngineSettings {
    public static final SettingDefs DEFS = new SettingDefs("runtime/engine",
            "The master: scheduling, and the workers it starts. Give properties to the master with "
                    + "BRAID_MASTER_JVM_OPTS.");

    public static final Setting<LearningPolicy> LEARNING_POLICY = DEFS.define(
            Setting.property("braid.io.learning", ValueType.of("shared or exclusive", LearningPolicy::named))
                    .valueName("shared|exclusive").defaultValue(LearningPolicy.SHARED)
                    .doc("where a task type learning its auto storage-bandwidth constraint runs meanwhile: shared = "
                            + "the other nodes run its spare tasks at the best value so far; exclusive = only the "
                            + "learning node"));

    public static final Setting<Integer> CHAIN_AHEAD = DEFS.define(
            Setting.property("braid.scheduler.chainAhead", ValueType.INT).valueName("N").defaultValue(128)
                    .check(n -> n >= 0, "a number of tasks, 0 or more")
                    .doc("tasks of a dependency chain sent ahead to the worker of the task they wait for, to start "
                            + "there on its computing units as soon as it ends, without a master round trip; "
                            + "0 = off"));

    public static final Setting<Integer> WORKER_RESTARTS = DEFS.define(
            Setting.property("braid.worker.restarts", ValueType.INT).valueName("N").defaultValue(3)
                    .check(n -> n >= 0, "a number of restarts, 0 or more")
                    .doc("times a node's worker is started again after dying; its next death excludes the node"));

    public static final Setting<List<String>> SSH_OPTIONS = DEFS.define(
            Setting.environment("BRAID_SSH_OPTIONS", ValueType.of("ssh options", s -> List.of(s.trim().split("\\s+"))))
                    .valueName("OPTS").defaultValue(List.of()).defaultDoc("")
                    .doc("extra ssh options for workers started over ssh, whitespace-separated (e.g. -F FILE)"));

    private EngineSettings() {
    }
}
