package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A COMPSs application (tests/apps/java/compssgroups, imports rewritten) using task groups
 * ({@code BraidGroup}, COMPSs' COMPSsGroup) and task exceptions ({@code BraidException}). Its
 * long tasks sleep 30 s: they end early only when cancelled. One node of four computing units in
 * COMPSs' XML form ({@link CompssNodes}: COMPSsWorker01).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompssGroupsTest extends ItBase {
    private RunResult run(String what) {
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 1, 4);
        java.nio.file.Path started = tmp.resolve("started");
        try {
            java.nio.file.Files.createDirectories(started);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return nodes.on(BraidRunner.in(tmp).app("compssgroups").main("compssgroups.Main").args(what)
                .env("GROUPS_STARTED_DIR", started.toString())).run();
    }

    private static long interrupted(RunResult r) {
        return r.jobOutputs().values().stream().filter(o -> o.contains("interrupted ")).count();
    }

    @Test
    void aTaskExceptionCancelsItsGroupAndIsCaughtAtTheBlockingGroupsEnd() {
        RunResult r = run("blocking");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("failed in a1", r.value("caught: "), r::describe);
        assertEquals("other", r.value("markers: "), () -> "the group's other tasks were cancelled\n" + r.describe());
        assertEquals(3, interrupted(r), () -> "the three running tasks were stopped\n" + r.describe());
    }

    @Test
    void nonBlockingGroupsThrowAtTheirBarrier() {
        RunResult r = run("async");

        assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdoutStartingWith("not here").isEmpty(), r::describe);
        assertEquals("ok", r.value("group 0: "), r::describe);
        assertEquals("caught failed in g1y", r.value("group 1: "), r::describe);
        assertEquals("ok", r.value("group 2: "), r::describe);
    }

    @Test
    void anInnerTasksExceptionReachesTheInnerAndOuterGroups() {
        RunResult r = run("nested");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("failed in i1", r.value("inner caught: "), r::describe);
        assertEquals("failed in i1", r.value("outer caught: "), r::describe);
        assertEquals("", r.value("markers: ").trim(), r::describe);
        assertEquals(2, interrupted(r), r::describe);
    }

    @Test
    void cancelGroupStopsTheGroupsTasks() {
        RunResult r = run("cancel");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("other", r.value("cancelled; markers: "), r::describe);
        assertEquals(2, interrupted(r), r::describe);
    }
}
