package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Workers whose JVM ends under a task (System.exit or Runtime.halt in the task) are started again
 * on their node, with one warning line on stderr each time;
 * a node whose worker keeps dying is excluded and the run goes on; a task that ends every worker
 * it runs on stops the run, named.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WorkerRestartTest extends ItBase {

    /** What the user reads on stderr when the local worker ends under a task and is started again. */
    private static final String RESTARTED_LOCALHOST = "[braid] WARNING: worker localhost lost (its JVM ended or stopped "
            + "answering; a task calling System.exit or Runtime.halt ends it): starting it again (restart 1 of at most 3);"
            + " the tasks it was running are retried";

    private static long sumOfSquares(int n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += i * i;
        }
        return s;
    }

    @Test
    void theOnlyWorkerEndedByATaskIsStartedAgainAndTheRunFinishesRight() throws Exception {
        Path markers = Files.createDirectories(tmp.resolve("markers"));
        RunResult r = BraidRunner.in(tmp).app("workerexit").main("workerexit.Main").options("--log_level=info")
                .args("exit-once", markers, 12).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(sumOfSquares(12)), r.value("sum="), r::describe);
        assertEquals(2, Files.readAllLines(markers.resolve("square-3")).size(), "task 3 ran twice");
        assertTrue(r.runtimeLog().contains("worker localhost lost; starting it again (restart 1 of at most 3)"),
                r::describe);
        assertTrue(r.runtimeLog().contains("worker localhost started again"), r::describe);
        assertEquals(List.of(RESTARTED_LOCALHOST), r.stderrLines(), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    /**
     * Runtime.halt ends the local worker's JVM at once (no shutdown hooks run in it, no goodbye to
     * the master): the worker on loopback is started again, the task runs again there, and the
     * user reads on stderr which task ended which worker and that it is started again.
     */
    @Test
    void aTaskHaltingTheLocalWorkerIsRunAgainOnItsRestartedWorker() throws Exception {
        Path markers = Files.createDirectories(tmp.resolve("markers"));
        RunResult r = BraidRunner.in(tmp).app("workerexit").main("workerexit.Main").options("--log_level=info")
                .args("halt-once", markers, 12).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(sumOfSquares(12)), r.value("sum="), r::describe);
        List<String> attempts = Files.readAllLines(markers.resolve("square-3"));
        assertEquals(2, attempts.size(), "task 3 ran twice");
        assertEquals(attempts.get(0), attempts.get(1), "both attempts ran in the local worker's working directory");
        assertTrue(r.runtimeLog().contains("worker localhost lost; starting it again (restart 1 of at most 3)"),
                r::describe);
        assertTrue(r.runtimeLog().contains("worker localhost started again"), r::describe);
        assertEquals(List.of(RESTARTED_LOCALHOST), r.stderrLines(), r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void aNodeWhoseWorkerKeepsDyingIsExcludedAndTheRunGoesOnWithTheOthers() throws Exception {
        Path markers = Files.createDirectories(tmp.resolve("markers"));
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        int n = 200; // about 10 s of work for 127.0.0.2 alone: time for 127.0.0.3 to die 4 times
        RunResult r = BraidRunner.in(tmp).app("workerexit").cluster(cluster).main("workerexit.Main")
                .options("--log_level=info").args("exit-on", markers, n, "127.0.0.3").run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(String.valueOf(sumOfSquares(n)), r.value("sum="), r::describe);
        List<String> warnings = r.stderrLines().stream().filter(l -> l.contains("WARNING")).toList();
        List<String> expected = new java.util.ArrayList<>();
        for (int restart = 1; restart <= 3; restart++) {
            expected.add("[braid] WARNING: worker 127.0.0.3 lost (its JVM ended or stopped answering; a task calling "
                    + "System.exit or Runtime.halt ends it): starting it again (restart " + restart + " of at most 3); "
                    + "the tasks it was running are retried");
        }
        expected.add("[braid] WARNING: node 127.0.0.3 excluded: its worker died 4 times (started again 3 times,"
                + " the limit)");
        assertEquals(expected, warnings, r::describe);
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void aTaskThatEndsEveryWorkerItRunsOnStopsTheRunNamingIt() throws Exception {
        Path markers = Files.createDirectories(tmp.resolve("markers"));
        RunResult r = BraidRunner.in(tmp).app("workerexit").main("workerexit.Main").args("exit-always", markers, 6).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        List<String> errors = r.stderrLines().stream().filter(l -> l.contains("ERROR")).toList();
        assertEquals(1, errors.size(), () -> "exactly one error line expected\n" + r.describe());
        assertTrue(errors.get(0).contains("workerexit.Tasks.square") && errors.get(0).contains("3 times the worker died"),
                errors::toString);
        assertEquals(3, Files.readAllLines(markers.resolve("square-3")).size(), "task 3 ran three times");
        FailureTest.awaitNoLeftovers(r);
    }
}
