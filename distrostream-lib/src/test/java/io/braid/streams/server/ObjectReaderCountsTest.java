package io.braid.streams.server;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ObjectReaderCountsTest {

    @Test
    void countsPerStreamAndApplicationAndTellsTheReadingClients() {
        ObjectReaderCounts c = new ObjectReaderCounts();
        assertEquals(new ObjectReaderCounts.Change("s", 1, Set.of("c1")), c.opened("s", "app", "r1", "c1"));
        assertEquals(new ObjectReaderCounts.Change("s", 2, Set.of("c1", "c2")), c.opened("s", "app", "r2", "c2"));
        assertEquals(1, c.opened("s", "other", "r3", "c3").readers(), "another application counts apart");
        assertEquals(1, c.opened("t", "app", "r4", "c1").readers(), "another stream counts apart");
        assertEquals(new ObjectReaderCounts.Change("s", 1, Set.of("c2")), c.closed("s", "app", "r1"));
        assertNull(c.closed("s", "app", "r1"), "closing twice changes nothing");
        assertEquals(1, c.count("s", "app"));
    }

    @Test
    void aClientThatGoesTakesItsReadersAlong() {
        ObjectReaderCounts c = new ObjectReaderCounts();
        c.opened("s", "app", "r1", "c1");
        c.opened("s", "app", "r2", "c1");
        c.opened("s", "app", "r3", "c2");
        c.opened("t", "app", "r4", "c1");
        List<ObjectReaderCounts.Change> changes = c.clientGone("c1");
        assertEquals(List.of(new ObjectReaderCounts.Change("s", 1, Set.of("c2")),
                new ObjectReaderCounts.Change("t", 0, Set.of())), changes.stream().sorted(
                (x, y) -> x.streamId().compareTo(y.streamId())).toList());
        assertEquals(0, c.count("t", "app"));
        assertEquals(List.of(), c.clientGone("c1"));
    }
}
