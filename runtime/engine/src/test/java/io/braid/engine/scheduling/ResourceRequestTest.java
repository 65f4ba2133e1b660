package io.braid.engine.scheduling;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ResourceRequestTest {

    @Test
    void defaults() {
        assertEquals(ResourceRequest.DEFAULT, ResourceRequest.parse("", "", "", "", "", false));
        assertEquals(ResourceRequest.IO, ResourceRequest.parse("", "", "", "", "", true));
        assertEquals(ResourceRequest.DEFAULT, ResourceRequest.parse(null, null, "[unassigned]", null, null, false));
    }

    @Test
    void equalityIsEveryComponentsAsARecordsWouldBe() {
        ResourceRequest r = new ResourceRequest(2, 1.5, "Intel", 50, 10, false);
        ResourceRequest same = new ResourceRequest(2, 1.5, "Intel", 50, 10, false);
        assertEquals(r, same);
        assertEquals(r.hashCode(), same.hashCode());
        for (ResourceRequest other : java.util.List.of(new ResourceRequest(3, 1.5, "Intel", 50, 10, false),
                new ResourceRequest(2, 2.5, "Intel", 50, 10, false), new ResourceRequest(2, 1.5, "AMD", 50, 10, false),
                new ResourceRequest(2, 1.5, null, 50, 10, false), new ResourceRequest(2, 1.5, "Intel", 60, 10, false),
                new ResourceRequest(2, 1.5, "Intel", 50, 11, false), new ResourceRequest(2, 1.5, "Intel", 50, 10, true))) {
            org.junit.jupiter.api.Assertions.assertNotEquals(r, other, other::toString);
            org.junit.jupiter.api.Assertions.assertNotEquals(other, r, other::toString);
        }
        assertEquals(new ResourceRequest(1, 0, null, 0, 0, false), ResourceRequest.DEFAULT);
        assertEquals(new ResourceRequest(1, 0, null, 0, 0, false).hashCode(), ResourceRequest.DEFAULT.hashCode());
    }

    @Test
    void parsesValues() {
        ResourceRequest r = ResourceRequest.parse(" 2 ", "1.5", "Intel", "50", "10", false);
        assertEquals(new ResourceRequest(2, 1.5, "Intel", 50, 10, false), r);
        assertEquals(0, ResourceRequest.parse("", "", "", "auto", "", true).storageBW());
        assertEquals(0, ResourceRequest.parse("", "", "", "auto(4,64,2)", "", true).storageBW());
        assertEquals(0, ResourceRequest.parse("3", "", "", "", "", true).computingUnits());
    }

    @Test
    void rejectsBadValuesNamingThem() {
        assertMessage("computingUnits=\"abc\" is not an integer", "abc", "", "", "", "");
        assertMessage("computingUnits=\"0\": a task needs at least 1 computing unit (only @IO tasks take 0)",
                "0", "", "", "", "");
        assertMessage("memorySize=\"lots\" is not a number", "", "lots", "", "", "");
        assertMessage("memorySize=\"-1\" must be a finite number >= 0", "", "-1", "", "", "");
        assertMessage("storageBW=\"auto(1,2)\" is not a number, \"auto\" or \"auto(min,max,delta)\"", "", "", "",
                "auto(1,2)", "");
        assertMessage("storageBW=\"fast\" is not a number", "", "", "", "fast", "");
        assertMessage("storageBW=\"auto\": auto constraints apply to @IO tasks only", "", "", "", " auto", "");
        assertMessage("storageBW=\"NaN\" is not a number", "", "", "", "NaN", "");
        assertMessage("storageSize=\"1e999\" must be a finite number >= 0", "", "", "", "", "1e999");
    }

    @Test
    void rejectsBadAutoRangesForIoTasks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceRequest.parse("", "", "", "auto(8,4,2)", "", true));
        assertEquals("storageBW=\"auto(8,4,2)\": auto(min,max,delta) needs 0 < min <= max and delta > 1", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResourceRequest.parse("", "", "", "auto(0,4,2)", "", true));
        assertThrows(IllegalArgumentException.class, () -> ResourceRequest.parse("", "", "", "auto(1,4,1)", "", true));
        assertThrows(IllegalArgumentException.class, () -> ResourceRequest.parse("", "", "", "autox", "", true));
    }

    @Test
    void withStorageBwKeepsTheRest() {
        ResourceRequest r = ResourceRequest.parse("", "2", "arm", "auto", "5", true);
        assertEquals(new ResourceRequest(0, 2, "arm", 40, 5, true), r.withStorageBW(40));
    }

    private static void assertMessage(String expected, String cus, String mem, String arch, String bw, String size) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResourceRequest.parse(cus, mem, arch, bw, size, false));
        assertEquals(expected, e.getMessage());
    }
}
