package io.braid.engine.core;

import static io.braid.engine.analysis.AccessMode.R;
import static io.braid.engine.analysis.AccessMode.W;
import static io.braid.engine.core.CoreHarness.object;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Versions lost with their worker are recomputed from lineage, transitively; a run that cannot go on says why. */
class LineageRecoveryTest {

    /** Task {@code id} of a chain: reads object {@code id - 1} (unless first), writes object {@code id}. */
    private static void link(CoreHarness h, long id, boolean first) {
        if (first) {
            h.submit(id, 1, object(id, W));
        } else {
            h.submit(id, 1, object(id - 1, R), object(id, W));
        }
    }

    @Test
    void aChainWhoseLinksWereAllOnTheLostNodeIsRecomputedFromItsStart() {
        CoreHarness h = new CoreHarness(1, 1);
        link(h, 1, true);
        assertEquals(List.of("1@0"), h.dispatch());
        h.complete(h.outstanding().get(0));
        for (long id = 2; id <= 4; id++) {
            link(h, id, false);
            assertEquals(List.of(id + "@0"), h.dispatch(), "locality keeps the chain on node 0");
            h.complete(h.outstanding().get(0));
        }
        link(h, 5, false);
        h.lose(0);
        List<String> ran = h.runToEnd();
        assertEquals(List.of("1", "2", "3", "4", "5"), ran, "the lost links again, oldest first, then the pending one");
        assertTrue(h.fatal.isEmpty(), h.fatal::toString);
        assertTrue(h.outstanding().isEmpty());
    }
}
