package io.braid.streams.internals.server;

import io.braid.streams.internals.server.ObjectReaderCounts.Change;
import io.braid.streams.internals.server.ObjectReaderCounts.Reader;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectReaderCountsTest {

    @Test
    void countsPerStreamAndApplicationAndTellsTheReadingClients() {
        ObjectReaderCounts c = new ObjectReaderCounts();
        assertEquals(new Change("s", "app", 1, true, Set.of("c1"), null, false), c.opened("s", "app", "r1", "c1"));
        assertEquals(new Change("s", "app", 2, false, Set.of("c1", "c2"), new Reader("r1", "c1"), false),
                c.opened("s", "app", "r2", "c2"), "the second reader: the solo one hands over");
        assertEquals(1, c.opened("s", "other", "r3", "c3").readers(), "another application counts apart");
        assertEquals(1, c.opened("t", "app", "r4", "c1").readers(), "another stream counts apart");
        assertEquals(new Change("s", "app", 1, false, Set.of("c2"), null, false), c.closed("s", "app", "r1"));
        assertNull(c.closed("s", "app", "r1"), "closing twice changes nothing");
        assertEquals(1, c.count("s", "app"));
    }

    @Test
    void readersThatReadTogetherOnceAreNeverSoloAgain() {
        ObjectReaderCounts c = new ObjectReaderCounts();
        c.opened("s", "app", "r1", "c1");
        assertTrue(c.closed("s", "app", "r1").solo(), "alone, then none");
        Change again = c.opened("s", "app", "r2", "c1");
        assertTrue(again.solo(), "the next reader alone reads alone too (from the solo group's commits)");
        assertNull(again.handOver());
        assertEquals(new Reader("r2", "c1"), c.opened("s", "app", "r3", "c2").handOver());
        assertFalse(c.closed("s", "app", "r3").solo());
        assertFalse(c.closed("s", "app", "r2").solo());
        Change later = c.opened("s", "app", "r4", "c2");
        assertFalse(later.solo(), "the share group holds the reading now");
        assertNull(c.opened("s", "app", "r5", "c2").handOver(), "nothing to hand over once shared");
    }

    @Test
    void aClientThatGoesTakesItsReadersAlong() {
        ObjectReaderCounts c = new ObjectReaderCounts();
        c.opened("s", "app", "r1", "c1");
        c.opened("s", "app", "r2", "c1");
        c.opened("s", "app", "r3", "c2");
        c.opened("t", "app", "r4", "c1");
        List<Change> changes = c.clientGone("c1");
        assertEquals(List.of(new Change("s", "app", 1, false, Set.of("c2"), null, false),
                new Change("t", "app", 0, true, Set.of(), null, true)), changes.stream().sorted(
                (x, y) -> x.streamId().compareTo(y.streamId())).toList(), "t's solo reader is lost");
        assertEquals(0, c.count("t", "app"));
        assertEquals(List.of(), c.clientGone("c1"));
    }
}
