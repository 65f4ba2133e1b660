package io.braid.engine.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class DataLocationsTest {

    @Test
    void aLostNodeLeavesTheOtherCopiesInOrderAndCountsTheVersionsWithNoneLeft() {
        DataLocations l = new DataLocations();
        l.add("d1v1", 0, 10);
        l.add("d1v1", 1, 10);
        l.add("d1v1", 2, 10);
        l.add("d2v1", 1, 20);
        l.add("d3v1", DataLocations.MASTER, 30);
        l.add("d3v1", 1, 30);
        l.add("d4v1", 2, 40);

        assertEquals(1, l.removeNode(1), "d2v1 had its only copy there");

        assertArrayEquals(new int[] {0, 2}, l.holders("d1v1"));
        assertArrayEquals(new int[0], l.holders("d2v1"));
        assertArrayEquals(new int[] {DataLocations.MASTER}, l.holders("d3v1"));
        assertArrayEquals(new int[] {2}, l.holders("d4v1"));
        assertFalse(l.isHeldBy("d1v1", 1));
        assertEquals(0, l.removeNode(1), "nothing is left there");
        assertEquals(1, l.removeNode(2), "d4v1 had its only copy there; d1v1 still has node 0's");
        assertArrayEquals(new int[] {0}, l.holders("d1v1"));
    }
}
