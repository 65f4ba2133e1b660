package io.braid.engine.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tasks with several implementations (COMPSs' @Method + @Binary on one interface method). */
class SchedulerAlternativesTest {
    private static final ResourceRequest ON_X86 = ResourceRequest.parse("2", "", "x86", "", "", false);
    private static final ResourceRequest ON_ARM = ResourceRequest.parse("2", "", "arm", "", "", false);

    private static Scheduler twoArchitectures() {
        return new Scheduler(List.of(new NodeResources("x86", 2, 0, "x86", 0, 0, 1),
                new NodeResources("arm", 2, 0, "arm", 0, 0, 1)));
    }

    private static ReadyTask twoWays(long id) {
        return new ReadyTask(id, ON_X86).withAlternatives(List.of(ON_X86, ON_ARM));
    }

    @Test
    void eachTaskRunsOnceWithTheImplementationThatFitsTheNodeItGets() {
        Scheduler s = twoArchitectures();
        s.addReady(twoWays(1));
        s.addReady(twoWays(2));
        assertEquals(2, s.readyCount());

        List<Assignment> as = s.schedule();

        assertEquals(2, as.size(), as.toString());
        Map<Long, Assignment> byTask = new HashMap<>();
        as.forEach(a -> byTask.put(a.taskId(), a));
        assertEquals(2, byTask.size(), "a task started twice: " + as);
        for (Assignment a : as) {
            assertEquals(a.nodeIndex(), a.implementation(), "node 0 fits implementation 0 only, node 1 implementation 1: " + a);
        }
        assertEquals(0, s.readyCount());
        assertEquals(2, s.runningCount());
    }

    @Test
    void theImplementationNotChosenIsDroppedAndNeverStartsLater() {
        Scheduler s = twoArchitectures();
        s.addReady(twoWays(1));
        List<Assignment> first = s.schedule();
        assertEquals(1, first.size());

        s.release(1);
        assertEquals(List.of(), s.schedule(), "the other queue's entry of task 1 must not start it again");
        assertEquals(0, s.readyCount());
        assertEquals(0, s.runningCount());
    }

    @Test
    void aTaskWaitsForWhicheverNodeFreesFirst() {
        Scheduler s = twoArchitectures();
        s.addReady(new ReadyTask(1, ON_X86));
        s.addReady(new ReadyTask(2, ON_ARM));
        assertEquals(2, s.schedule().size());
        s.addReady(twoWays(3));
        assertEquals(List.of(), s.schedule(), "both nodes are full");

        s.release(2); // the arm node frees first

        List<Assignment> as = s.schedule();
        assertEquals(List.of(new Assignment(3, 1, 1)), as);
        s.release(1);
        assertEquals(List.of(), s.schedule(), "task 3 already runs");
    }

    @Test
    void aTaskWhoseOnlyFittingImplementationIsTheSecondRunsWithIt() {
        Scheduler s = new Scheduler(List.of(new NodeResources("arm", 2, 0, "arm", 0, 0, 1)));
        s.addReady(twoWays(1));

        assertEquals(List.of(new Assignment(1, 0, 1)), s.schedule());
    }

    @Test
    void alternativesAreNeverPrefetched() {
        Scheduler s = twoArchitectures();
        s.setPrefetch(4);
        s.addReady(new ReadyTask(1, ON_X86));
        s.addReady(new ReadyTask(2, ON_ARM));
        s.schedule();
        s.addReady(twoWays(3));

        assertEquals(List.of(), s.schedule());
        assertEquals(0, s.backlogCount());
        assertEquals(1, s.readyCount());
    }
}
