package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A COMPSs application (tests/apps/java/compssapi, imports rewritten) calling the API of COMPSs'
 * {@code COMPSs} class through {@code io.braid.api.Braid}, on a node of COMPSs' XML form
 * ({@link CompssNodes}: COMPSsWorker01).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompssApiTest extends ItBase {
    private RunResult run(String what) {
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 1, 4);
        return nodes.on(BraidRunner.in(tmp).app("compssapi").main("compssapi.Main").args(what).options("--log_level=debug"))
                .run();
    }

    @Test
    void deleteFileTakesTheFileNowAndTasksCalledBeforeStillReadIt() throws Exception {
        RunResult r = run("deletefile");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("false", r.value("exists after deleteFile: "), r::describe);
        assertEquals("10 3", r.value("lengths: "), r::describe);
        assertEquals("abc", Files.readString(tmp.resolve("data.txt")), r::describe);
        assertTrue(r.runtimeLog().contains("dropped d1v1"), () -> "the runtime's copies are deleted\n" + r.describe());
    }

    @Test
    void deregisterObjectForgetsItAndALaterUseIsANewDatum() {
        RunResult r = run("deregister");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("5 12", r.value("totals: "), r::describe);
        assertTrue(r.runtimeLog().contains("dropped d1v1"), r::describe);
    }

    @Test
    void barrierWithNoMoreTasksWaitsForEveryTask() throws Exception {
        RunResult r = run("barrier");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("after barrier", r.stdoutLines().get(0), r::describe);
        for (int i = 0; i < 4; i++) {
            assertEquals("part " + i, Files.readString(tmp.resolve("part" + i + ".txt")), r::describe);
        }
        assertEquals("late", Files.readString(tmp.resolve("late.txt")), r::describe);
        assertTrue(r.runtimeLog().contains("called after barrier(true)"), r::describe);
    }

    @Test
    void getFileBringsTheLastVersion() {
        RunResult r = run("getfile");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("from a task", r.value("result: "), r::describe);
    }
}
