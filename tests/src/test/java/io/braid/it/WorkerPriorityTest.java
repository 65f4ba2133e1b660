package io.braid.it;

import org.junit.jupiter.api.Test;

import static io.braid.it.WorkerLogAssertions.everyWorkerLogged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * braid-run's BRAID_WORKER_NICE: local workers run at nice 10 unless set, at the value asked for
 * otherwise, and at the master's priority with 0 (each worker reads its own from /proc; a wrong
 * value: {@link BadInputTest}).
 */
class WorkerPriorityTest extends ItBase {

    private RunResult run(String name, String nice) {
        BraidRunner runner = BraidRunner.in(tmp.resolve(name)).app("simple").options("--log_level=info")
                .main("simple.Main").args(3);
        RunResult r = (nice == null ? runner : runner.env("BRAID_WORKER_NICE", nice)).run();
        assertEquals(0, r.exitCode(), r::describe);
        return r;
    }

    private static void everyWorkerRunsAt(RunResult r, int nice) {
        everyWorkerLogged(r, "CPU priority: nice " + nice + "\n");
    }

    @Test
    void niceTenUnlessSet() {
        RunResult r = run("default", null);
        everyWorkerRunsAt(r, 10);
        assertTrue(r.runtimeLog().contains("local workers' CPU priority: nice 10 (BRAID_WORKER_NICE=default)"), r::describe);
    }

    @Test
    void theValueAskedFor() {
        everyWorkerRunsAt(run("five", "5"), 5);
        RunResult zero = run("zero", "0");
        everyWorkerRunsAt(zero, 0);
        assertTrue(zero.runtimeLog().contains("local workers' CPU priority: the master's priority (BRAID_WORKER_NICE=0)"),
                zero::describe);
    }
}
