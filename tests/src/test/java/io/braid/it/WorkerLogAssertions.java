package io.braid.it;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on what every worker of a run wrote to its log. */
final class WorkerLogAssertions {
    private WorkerLogAssertions() {
    }

    /** Asserts that the run had workers and that each one's log contains {@code text}. */
    static void everyWorkerLogged(RunResult r, String text) {
        Map<String, String> logs = r.workerLogs();
        assertFalse(logs.isEmpty(), r::describe);
        logs.forEach((node, log) -> assertTrue(log.contains(text), () -> node + " should log '" + text + "':\n" + log));
    }
}
