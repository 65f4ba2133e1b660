package io.braid.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static io.braid.it.WorkerLogAssertions.everyWorkerLogged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * braid-run's BRAID_WORKER_JIT: the workers' JVMs get C2 at ten times the JVM's thresholds (late)
 * or at its own (standard) as asked, late by default on a host of at most 2 cores, and a user's
 * --jvm_workers_opts still win (a wrong value: {@link BadInputTest}).
 */
class WorkerJitTest extends ItBase {
    private static final String LATE = "C2 compiles a method after 50000 invocations";
    private static final String STANDARD = "C2 compiles a method after 5000 invocations";

    private RunResult run(String name, String jit, String... options) {
        BraidRunner runner = BraidRunner.in(tmp.resolve(name)).app("simple").options("--log_level=info")
                .options(options).main("simple.Main").args(3);
        RunResult r = (jit == null ? runner : runner.env("BRAID_WORKER_JIT", jit)).run();
        assertEquals(0, r.exitCode(), r::describe);
        return r;
    }

    @Test
    void eachValueGivesTheWorkersTheirThresholds() {
        RunResult late = run("late", "late");
        everyWorkerLogged(late, LATE);
        assertTrue(late.runtimeLog().contains("workers' JIT: C2 at 10x the JVM's thresholds (BRAID_WORKER_JIT=late)"),
                late::describe);
        RunResult standard = run("standard", "standard");
        everyWorkerLogged(standard, STANDARD);
        assertTrue(standard.runtimeLog().contains("workers' JIT: the JVM's thresholds (BRAID_WORKER_JIT=standard)"),
                standard::describe);
    }

    @Test
    void autoIsLateOnAtMostTwoCores() throws IOException, InterruptedException {
        Process nproc = new ProcessBuilder("nproc").start();
        int cores = Integer.parseInt(new String(nproc.getInputStream().readAllBytes()).trim());
        assertEquals(0, nproc.waitFor());
        everyWorkerLogged(run("auto", null), cores <= 2 ? LATE : STANDARD);
    }

    @Test
    void theUsersWorkerOptionsWin() {
        everyWorkerLogged(run("user", "late", "--jvm_workers_opts=-XX:Tier4InvocationThreshold=7000"),
                "C2 compiles a method after 7000 invocations");
    }
}
