package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A COMPSs application (tests/apps/java/compssdirections, imports rewritten) using the
 * COMMUTATIVE, CONCURRENT and IN_DELETE directions, on two nodes of two computing units described in
 * COMPSs' XML form ({@link CompssNodes}: COMPSsWorker01 and 02, local worker processes).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompssDirectionsTest extends ItBase {
    private RunResult run(Object... args) {
        CompssNodes nodes = CompssNodes.write(tmp.resolve("xml"), 2, 2);
        return nodes.on(BraidRunner.in(tmp).app("compssdirections").main("compssdirections.Main").args(args)).run();
    }

    @Test
    void commutativeTasksRunOneAtATimeAndLoseNoUpdate() {
        RunResult r = run("commutative", 12);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("78 count: 12", r.value("sum: "), r::describe);
        assertEquals("true", r.value("one at a time: "), r::describe);
        assertEquals("12", r.value("lines: "), r::describe);
    }

    @Test
    void concurrentTasksRunAtOnceAndTheNextWriterWaitsForAll() {
        RunResult r = run("concurrent", 4);

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("true", r.value("overlapping readers: "), r::describe);
        assertEquals("true", r.value("writer after readers: "), r::describe);
        assertEquals("rewritten", r.value("content: "), r::describe);
    }

    @Test
    void inDeleteDropsTheDataAfterItsOneUse() {
        RunResult r = run("indelete");

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("false", r.value("input exists after the call: "), r::describe);
        assertEquals("12 3", r.value("lengths: "), r::describe);
        assertEquals("1 2", r.value("sizes: "), r::describe);
    }
}
