package io.braid.engine.core;

import io.braid.engine.analysis.AccessMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Task groups and BraidException on the real core: cancellation, barriers, nesting. */
class TaskGroupsTest {
    private static List<String> barrier(CoreHarness h, String group) {
        List<String> got = new ArrayList<>();
        h.core.barrierGroup(group, m -> got.add(String.valueOf(m)));
        return got;
    }

    @Test
    void aBraidExceptionCancelsTheGroupAndReachesItsBarrier() {
        CoreHarness h = new CoreHarness(2);
        List<String> g = List.of("g");
        h.submitInGroups(1, g);
        h.submitInGroups(2, g);
        h.submitInGroups(3, g);
        h.submitInGroups(4, g, object(1, AccessMode.W));
        h.submit(5, 1, object(1, AccessMode.R)); // outside the group, needs task 4's data
        h.submit(6, 1);                          // outside the group
        assertEquals(List.of("1@0", "2@0"), h.dispatch());
        List<String> passed = barrier(h, "g");
        assertEquals(List.of(), passed, "the group has unfinished tasks");

        h.threw(1, "stop the group");
        assertEquals(List.of("stop the group"), passed, "the barrier passes with the task's message");
        assertEquals(List.of("6@0"), h.dispatch(), "only the task outside the group runs");
        assertEquals(1, h.others.stream().filter(m -> m.startsWith("0:CancelJob[") && m.contains("threw BraidException"))
                .count(), () -> "the running task 2 is stopped on its worker: " + h.others);
        h.done(6);
        boolean[] idle = {false};
        h.core.whenIdle(() -> idle[0] = true);
        assertTrue(idle[0], "nothing left: 2, 3, 4 cancelled, 5 needs 4's data");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        assertEquals(List.of("null"), barrier(h, "g"), "a group whose barrier passed is forgotten");
    }

    @Test
    void aGroupWithoutExceptionPassesItsBarrierWhenItsTasksEnd() {
        CoreHarness h = new CoreHarness(2);
        h.submitInGroups(1, List.of("g"));
        h.submitInGroups(2, List.of("g"));
        h.dispatch();
        List<String> passed = barrier(h, "g");
        h.done(1);
        assertEquals(List.of(), passed);
        h.done(2);
        assertEquals(List.of("null"), passed);
    }

    @Test
    void nestedGroupsBothSeeTheExceptionOfAnInnerTask() {
        CoreHarness h = new CoreHarness(4);
        h.submitInGroups(1, List.of("outer"));
        h.submitInGroups(2, List.of("outer", "inner"));
        h.submitInGroups(3, List.of("outer", "inner"));
        assertEquals(List.of("1@0", "2@0", "3@0"), h.dispatch());
        List<String> inner = barrier(h, "inner");
        List<String> outer = barrier(h, "outer");
        h.threw(2, "inner failure");
        assertEquals(List.of("inner failure"), inner);
        assertEquals(List.of("inner failure"), outer, "the task belongs to both groups; all their tasks are cancelled");
        h.dispatch();
        assertEquals(2, h.others.stream().filter(m -> m.contains("CancelJob[")).count(), h.others::toString);
    }

    @Test
    void cancelGroupStopsItsTasksOnly() {
        CoreHarness h = new CoreHarness(1);
        h.submitInGroups(1, List.of("g"));
        h.submitInGroups(2, List.of("g"));
        h.submit(3, 1);
        assertEquals(List.of("1@0"), h.dispatch());
        h.core.cancelGroup("g");
        assertEquals(List.of("3@0"), h.dispatch(), "the freed unit goes to the task outside the group");
        assertTrue(h.others.get(0).contains("CancelJob[") && h.others.get(0).contains("cancelled by the main program"),
                h.others::toString);
        assertEquals(List.of("null"), barrier(h, "g"));
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }

    @Test
    void aBraidExceptionOutsideAnyGroupIsAnOrdinaryFailure() {
        CoreHarness h = new CoreHarness(1);
        h.submit(1, 1);
        h.dispatch();
        h.threw(1, "nobody catches this");
        assertEquals(List.of("1@0"), h.dispatch(), "retried as any failure");
    }

    @Test
    void aCancelledStreamWriterHasItsWritersClosed() {
        CoreHarness h = new CoreHarness(2);
        List<String> heard = new ArrayList<>();
        h.core.setStreamTaskListener((taskId, task, ws) -> heard.add(taskId + " " + ws.get(0).writerId()));
        h.submitInGroups(1, List.of("g"), CoreHarness.writes("S"));
        h.submitInGroups(2, List.of("g"));
        h.dispatch();
        h.threw(2, "stop");
        assertEquals(List.of("1 w-S"), heard, "readers of S elsewhere see it closed");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
    }
}
