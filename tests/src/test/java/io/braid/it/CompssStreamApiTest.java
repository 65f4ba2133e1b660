package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * COMPSs' stream API (issue 24, point 7): tests/apps/java/compssstreams is written against
 * COMPSs' DistroStream classes, with only its imports renamed (the porting rule). It compiles
 * against braid.jar (BraidApp: a signature that differs, such as a close() that throws a checked
 * exception, fails the compilation) and runs through braid-run, on two nodes described in
 * COMPSs' XML form ({@link CompssNodes}), with the results COMPSs gives.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class CompssStreamApiTest extends ItBase {

    @Test
    void compssStreamApplicationCompilesAndRuns() {
        int n = 12;
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, 2);
        RunResult r = nodes.on(BraidRunner.in(tmp).app("compssstreams")).main("compssstreams.Main")
                .args(tmp.resolve("streams"), n).run();
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(java.util.Set.of("COMPSsWorker01", "COMPSsWorker02"), r.workerLogs().keySet(), r::describe);
        assertTrue(r.stdout().contains("[LOG] objects=" + n + " listed=" + n + " files=" + n + " main_polled=" + n
                + " aliased_files=" + n), r::describe);
        assertTrue(r.stdout().contains("[LOG] object(no alias) object(compss-objects) file(files1)"), r::describe);
        assertTrue(r.stdout().contains("[LOG] same_alias=true alias=compss-objects file_alias_same=true"), r::describe);
        assertTrue(r.stdout().contains("[LOG] exceptions backend registration AT_LEAST_ONCE"), r::describe);
    }
}
