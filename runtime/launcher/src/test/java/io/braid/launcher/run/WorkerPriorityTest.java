package io.braid.launcher.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkerPriorityTest {

    @Test
    void unsetOrBlankIsNiceTen() {
        assertEquals(new WorkerPriority("default", 10), WorkerPriority.choose(null));
        assertEquals(new WorkerPriority("default", 10), WorkerPriority.choose("  "));
    }

    @Test
    void aValueFromZeroToNineteen() {
        assertEquals(0, WorkerPriority.choose("0").nice());
        assertEquals(19, WorkerPriority.choose(" 19 ").nice());
        for (String bad : List.of("20", "-1", "low", "1.5")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkerPriority.choose(bad));
            assertEquals("BRAID_WORKER_NICE=" + bad + ": expected a whole number from 0 to 19", e.getMessage());
        }
    }

    @Test
    void niceGoesBeforeTheJavaCommandWhenFoundAndAsked() {
        assertEquals(List.of("nice", "-n", "10"), WorkerPriority.choose(null).commandPrefix(c -> c.equals("nice")));
        assertEquals(List.of(), WorkerPriority.choose("0").commandPrefix(c -> true));
        WorkerPriority five = WorkerPriority.choose("5");
        List<String> none = five.commandPrefix(c -> false);
        assertEquals(List.of(), none);
        assertEquals("the master's priority, no nice command found (BRAID_WORKER_NICE=5)", five.describe(none));
        assertEquals("nice 5 (BRAID_WORKER_NICE=5)", five.describe(five.commandPrefix(c -> true)));
    }
}
