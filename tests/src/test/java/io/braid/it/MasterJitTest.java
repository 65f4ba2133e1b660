package io.braid.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * braid-run's BRAID_MASTER_JIT: the master runs with C1 only or with C1 and C2 as asked, and by
 * default (auto) with C1 only on a host of at most 2 cores (a wrong value: {@link BadInputTest}).
 */
class MasterJitTest extends ItBase {

    private RunResult runWith(String jit) {
        BraidRunner runner = BraidRunner.in(tmp.resolve(jit == null ? "default" : jit)).app("simple")
                .options("--log_level=info").main("simple.Main").args(3);
        RunResult r = (jit == null ? runner : runner.env("BRAID_MASTER_JIT", jit)).run();
        assertEquals(0, r.exitCode(), r::describe);
        return r;
    }

    @Test
    void eachValueGivesTheMasterItsCompilers() {
        assertTrue(runWith("c1").runtimeLog().contains("master JIT: C1 only (BRAID_MASTER_JIT=c1)"), "c1");
        assertTrue(runWith("c2").runtimeLog().contains("master JIT: C1 and C2 (BRAID_MASTER_JIT=c2)"), "c2");
    }

    @Test
    void autoChoosesC1OnlyOnAtMostTwoCores() throws IOException, InterruptedException {
        Process nproc = new ProcessBuilder("nproc").start();
        int cores = Integer.parseInt(new String(nproc.getInputStream().readAllBytes()).trim());
        assertEquals(0, nproc.waitFor());
        RunResult r = runWith(null);
        String expected = "master JIT: " + (cores <= 2 ? "C1 only" : "C1 and C2") + " (BRAID_MASTER_JIT=auto)";
        assertTrue(r.runtimeLog().contains(expected), () -> cores + " cores: expected '" + expected + "'\n" + r.describe());
    }
}
