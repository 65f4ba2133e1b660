package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A COMPSs application (tests/apps/java/compssfailures, imports rewritten) using {@code @Method}'s
 * timeOut, onFailure, priority and name members and {@code BraidWorker.cancellationPoint()}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompssFailureHandlingTest extends ItBase {
    /** The run on one node of two computing units in COMPSs' XML form ({@link CompssNodes}: COMPSsWorker01). */
    private BraidRunner on(BraidRunner run) {
        return CompssNodes.write(tmp.resolve("xml"), 1, 2).on(run);
    }

    @Test
    void aTaskPastItsTimeOutIsCancelledAndItsFailureIgnored() throws Exception {
        RunResult r = on(BraidRunner.in(tmp).app("compssfailures").main("compssfailures.Main").args("timeouts")).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("slept 100", r.value("fast: "), r::describe);
        assertEquals("[]", r.value("slow: "), () -> "the ignored task's output file is empty\n" + r.describe());
        assertTrue(r.jobOutputs().values().stream().anyMatch(o -> o.contains("sleep interrupted")),
                () -> "the cancelled task's sleep was interrupted\n" + r.describe());
        List<String> warnings = r.stderrLines().stream().filter(l -> l.contains("onFailure = IGNORE")).toList();
        assertEquals(1, warnings.size(), r::describe);
        assertTrue(warnings.get(0).contains("Tasks.sleepyWriter(slow.txt, 60000)")
                && warnings.get(0).contains("time-out of 1500 ms"), warnings::toString);
    }

    @Test
    void aBusyTaskStopsAtItsCancellationPointAndFailStopsTheRun() {
        RunResult r = on(BraidRunner.in(tmp).app("compssfailures").main("compssfailures.Main").args("busy")).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        List<String> errors = r.stderrLines().stream().filter(l -> l.contains("ERROR")).toList();
        assertEquals(1, errors.size(), () -> "one error line\n" + r.describe());
        assertTrue(errors.get(0).contains("Tasks.busyLooper(busy.txt)") && errors.get(0).contains("(onFailure = FAIL)")
                && errors.get(0).contains("time-out of 1500 ms"), errors::toString);
        FailureTest.awaitNoLeftovers(r);
    }

    @Test
    void cancelSuccessorsSkipsWhatNeedsTheFailedTaskAndTheRunGoesOn() {
        RunResult r = on(BraidRunner.in(tmp).app("compssfailures").main("compssfailures.Main").args("cancel")).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("independent", r.value("other: "), r::describe);
        assertFalse(Files.exists(tmp.resolve("second.txt")), r::describe);
        String log = r.runtimeLog();
        assertTrue(log.contains("Tasks.failingWriter(first.txt) failed on COMPSsWorker01 (onFailure = CANCEL_SUCCESSORS):"
                + " java.io.IOException: the disk of ") && log.contains(" is gone; the run goes on without it and the 1"
                + " task(s) that need what it writes"), r::describe);
        assertTrue(log.contains("second.txt is left as it was: d2v1 was not computed: it needs data of"
                + " compssfailures.Tasks.failingWriter(first.txt)"), r::describe);
        assertFalse(r.runtimeLog().contains("resubmitting"), () -> "no second attempt\n" + r.describe());
        assertEquals(1, r.stderrLines().stream().filter(l -> l.startsWith("[braid] WARNING: task ")
                && l.contains("CANCEL_SUCCESSORS")).count(), () -> "one warning line on stderr\n" + r.describe());
    }
}
