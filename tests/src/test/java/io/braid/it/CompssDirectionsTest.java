package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A COMPSs application (tests/apps/java/compssdirections, imports rewritten) using the
 * COMMUTATIVE, CONCURRENT and IN_DELETE directions, on two local workers of two computing units.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class CompssDirectionsTest extends ItBase {
    private RunResult run(Object... args) {
        Clusters.Files cluster = Clusters.local(2).cus(2).write(tmp.resolve("xml"));
        return BraidRunner.in(tmp).app("compssdirections").cluster(cluster).main("compssdirections.Main").args(args)
                .run();
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
