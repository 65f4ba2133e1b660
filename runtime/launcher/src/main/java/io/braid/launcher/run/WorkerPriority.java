package io.braid.launcher.run;

import io.braid.engine.deploy.Executables;
import io.braid.launcher.LauncherSettings;

import java.util.List;
import java.util.function.Predicate;

/**
 * The CPU priority of the workers this master starts on its own host, as chosen by {@link #ENV}:
 * a nice value from 0 (the master's priority) to 19, {@link #DEFAULT_NICE} unless set. Where the
 * master and its workers share cores, the master's work (handing out tasks, the stream server,
 * the embedded Kafka broker) then goes before the tasks' computation instead of queueing behind
 * it; with the cores otherwise idle, a nice value changes nothing (docs/DESIGN.md, "Local workers
 * run at a lower priority").
 *
 * @param setting the variable's value, for the run's log ("default" when unset)
 * @param nice    the workers' nice value
 */
public record WorkerPriority(String setting, int nice) {
    /** braid-run's environment variable: a nice value from 0 to 19. */
    public static final String ENV = LauncherSettings.WORKER_NICE.environment();
    /** Unless set ({@link LauncherSettings#WORKER_NICE} says why). */
    static final int DEFAULT_NICE = LauncherSettings.WORKER_NICE.defaultValue();

    /**
     * The choice for {@code value} (null or blank: the default).
     *
     * @throws IllegalArgumentException naming the variable and the value when it is not a whole number from 0 to 19
     */
    public static WorkerPriority choose(String value) {
        if (value == null || value.isBlank()) {
            return new WorkerPriority("default", DEFAULT_NICE);
        }
        return new WorkerPriority(value.trim(), LauncherSettings.WORKER_NICE.parse(value));
    }

    /**
     * What goes before a worker's java command: {@code nice -n N} when {@code N > 0} and
     * {@code nice} is found by {@code isOnPath}; else nothing (the workers run at the master's priority).
     */
    public List<String> commandPrefix(Predicate<String> isOnPath) {
        return nice > 0 && isOnPath.test("nice") ? List.of("nice", "-n", String.valueOf(nice)) : List.of();
    }

    /** {@link #commandPrefix(Predicate)} with this process's PATH. */
    public List<String> commandPrefix() {
        return commandPrefix(program -> Executables.onPath(program).isPresent());
    }

    /** For the run's log, e.g. "nice 10 (BRAID_WORKER_NICE=default)". */
    public String describe(List<String> prefix) {
        String what = prefix.isEmpty() ? (nice == 0 ? "the master's priority" : "the master's priority, no nice command found")
                : "nice " + nice;
        return what + " (" + ENV + "=" + setting + ")";
    }
}
