package io.braid.launcher.run;

import io.braid.launcher.LauncherSettings;

import java.util.List;

/**
 * When the workers this master starts compile with C2, as chosen by {@link #ENV}: at the JVM's
 * own thresholds, or at ten times them ("late"), which auto chooses on a host of at most 2 cores.
 * There a worker's C2 compiler thread takes one of the two cores, at start-up, for Kafka's,
 * Netty's and the runtime's start-up code, which runs too little to repay it; a task's hot loop
 * still reaches C2 within milliseconds (docs/DESIGN.md, "The workers' C2 thresholds on small hosts").
 *
 * @param setting the variable's value, for the run's log
 * @param lateC2  whether the workers get {@link #LATE_C2_OPTIONS}
 */
public record WorkerJit(String setting, boolean lateC2) {
    /** braid-run's environment variable: auto, late or standard. */
    public static final String ENV = LauncherSettings.WORKER_JIT.environment();

    /** HotSpot's four C2 (tier 4) thresholds, each ten times its JDK 17 default (5000, 600, 15000, 40000). */
    static final List<String> LATE_C2_OPTIONS = List.of("-XX:Tier4InvocationThreshold=50000",
            "-XX:Tier4MinInvocationThreshold=6000", "-XX:Tier4CompileThreshold=150000",
            "-XX:Tier4BackEdgeThreshold=400000");

    /**
     * The choice for {@code value} (null or blank: auto) on a host of {@code cores} cores.
     *
     * @throws IllegalArgumentException naming the variable and the value when it is none of the three
     */
    public static WorkerJit choose(String value, int cores) {
        String setting = LauncherSettings.WORKER_JIT.parse(value);
        return switch (setting) {
            case "late" -> new WorkerJit(setting, true);
            case "standard" -> new WorkerJit(setting, false);
            default -> new WorkerJit(setting, cores <= 2);
        };
    }

    /** The workers' JVM options; a user's own {@code --jvm_workers_opts} come after them and win. */
    public List<String> jvmOptions() {
        return lateC2 ? LATE_C2_OPTIONS : List.of();
    }

    /** For the run's log, e.g. "C2 at 10x the JVM's thresholds (BRAID_WORKER_JIT=auto)". */
    public String describe() {
        return (lateC2 ? "C2 at 10x the JVM's thresholds" : "the JVM's thresholds") + " (" + ENV + "=" + setting + ")";
    }
}
