package io.braid.engine.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParkedTasksTest {

    @Test
    void theBoundCountsParkedTasksBehindTheRunningHeadAsHandOffsMoveIt() {
        ParkedTasks p = new ParkedTasks(2);
        assertTrue(p.roomBehind(1));
        p.park(2, 1);
        assertFalse(p.roomBehind(1), "one behind each");
        p.park(3, 2);
        assertFalse(p.roomBehind(3), "two parked behind the head 1");
        assertEquals(3, p.handedOff(1, 2), "2 runs; the chain's last task is 3");
        assertTrue(p.roomBehind(3));
        p.park(4, 3);
        assertFalse(p.roomBehind(4));
        assertEquals(-1, p.handedOff(1, 3), "3 is not parked behind 1");
        assertEquals(List.of(3L, 4L), p.unparkBehind(2));
        assertEquals(0, p.size());
        assertEquals(0, p.chainCount());
    }

    @Test
    void unParkingFromTheMiddleKeepsTheFrontAndItsTail() {
        ParkedTasks p = new ParkedTasks(8);
        p.park(2, 1);
        p.park(3, 2);
        p.park(4, 3);
        assertEquals(List.of(3L, 4L), p.unparkFrom(3));
        assertTrue(p.isParked(2));
        assertTrue(p.roomBehind(2));
        p.park(5, 2);
        assertEquals(5, p.handedOff(1, 2));
        assertEquals(List.of(5L), p.unparkBehind(2));
        assertEquals(0, p.chainCount());
        assertEquals(List.of(), p.unparkFrom(5));
    }

    @Test
    void offParksNothing() {
        assertFalse(new ParkedTasks(0).roomBehind(1));
    }
}
