package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.RW;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.data.DataLocations;
import io.braid.engine.task.SubmittedParam;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Versions an INOUT task replaced leave the workers once no pending task reads them (a long
 * INOUT chain keeps one version per node, not one per step), and a lost newer version is still
 * recomputed, back along the chain. Object 1's versions are d1v1, d1v2, ...
 */
class ReplacedVersionsTest {
    private static final Pattern NAME = Pattern.compile("d[0-9]+v[0-9]+");

    /** The versions the workers were told to delete, in order. */
    private static List<String> deletedOnWorkers(CoreHarness h) {
        h.dispatch(); // reads what the core wrote to the workers into h.others
        List<String> out = new ArrayList<>();
        for (String m : h.others) {
            if (m.contains("DeleteData")) {
                Matcher v = NAME.matcher(m);
                while (v.find()) {
                    out.add(v.group());
                }
            }
        }
        return out;
    }

    /** Task 1 writes object 1, tasks 2..n update it (INOUT), one after the other. */
    private static void chain(CoreHarness h, int n) {
        h.submit(1, 1, object(1, W));
        for (long id = 2; id <= n; id++) {
            h.submit(id, 1, object(1, RW));
        }
    }

    @Test
    void aLongInoutChainLeavesOnlyItsLastVersionOnTheWorkers() {
        CoreHarness h = new CoreHarness(4);
        chain(h, 30);
        assertEquals(30, h.runToEnd().size());
        List<String> deleted = deletedOnWorkers(h);
        for (int v = 1; v < 30; v++) {
            assertTrue(deleted.contains("d1v" + v), "d1v" + v + " replaced: " + deleted);
            assertEquals(0, h.core.locations().holders("d1v" + v).length);
        }
        assertFalse(deleted.contains("d1v30"), "the current version stays");
        assertEquals(1, h.core.locations().holders("d1v30").length);
        assertEquals(0, h.core.trackedReadVersions());
        assertTrue(h.fatal.isEmpty(), h.fatal.toString());
    }

    @Test
    void aReplacedVersionStaysWhileAPendingTaskReadsIt() {
        CoreHarness h = new CoreHarness(4);
        h.submit(1, 1, object(1, W));
        h.submit(2, 1, object(1, R)); // reads d1v1
        h.submit(3, 1, object(1, RW)); // d1v1 -> d1v2
        assertEquals(List.of("1@0"), h.dispatch());
        h.done(1, "d1v1");
        assertEquals(List.of("2@0", "3@0"), h.dispatch());
        h.done(3, "d1v2");
        assertFalse(deletedOnWorkers(h).contains("d1v1"), "task 2 still reads it");
        assertEquals(1, h.core.locations().holders("d1v1").length);
        h.done(2);
        assertEquals(List.of("d1v1"), deletedOnWorkers(h), "gone after its last reader");
        assertEquals(0, h.core.locations().holders("d1v1").length);
    }

    @Test
    void aLostLastVersionIsRecomputedBackAlongTheChainWhoseOldVersionsWereDropped() {
        CoreHarness h = new CoreHarness(4, 1);
        chain(h, 4);
        assertEquals(List.of("1", "2", "3", "4"), h.runToEnd());
        assertEquals(List.of("d1v1", "d1v2", "d1v3"), deletedOnWorkers(h));
        h.lose(0);
        List<String> back = new ArrayList<>();
        h.core.recompute("d1v4", () -> back.add("d1v4"));
        assertEquals(List.of("1", "2", "3", "4"), h.runToEnd(), "the whole chain again: its old versions are gone");
        assertEquals(List.of("d1v4"), back);
        assertArrayEquals(new int[] {1}, h.core.locations().holders("d1v4"));
        assertTrue(h.fatal.isEmpty(), h.fatal.toString());
    }

    @Test
    void aMainProgramsValueAnInoutTaskReplacedStaysOnTheMasterTheLineagesRoot() {
        CoreHarness h = new CoreHarness(2);
        h.submit(1, 1, new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Object", null, new ObjectKey(1), RW, false,
                new byte[] {1, 2, 3}, null, "o1", null));
        h.runToEnd();
        assertTrue(h.core.masterStore().object("d1v1").isPresent(), "the master keeps the main program's value");
        assertTrue(h.core.locations().isHeldBy("d1v1", DataLocations.MASTER));
        assertEquals(1, h.core.locations().holders("d1v2").length);
    }
}
