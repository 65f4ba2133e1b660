package io.braid.engine.scheduling.learning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AutoBandwidthTest {

    @Test
    void parsesBothForms() {
        assertNull(AutoBandwidth.parse("50"));
        assertNull(AutoBandwidth.parse(""));
        assertNull(AutoBandwidth.parse(null));
        assertEquals(AutoBandwidth.UNBOUNDED, AutoBandwidth.parse(" AUTO "));
        assertEquals(new AutoBandwidth(true, 4, 64, 2), AutoBandwidth.parse("auto( 4, 64 ,2 )"));
        assertEquals(new AutoBandwidth(true, 2.5, 40, 1.5), AutoBandwidth.parse("auto(2.5,40,1.5)"));
        assertEquals("auto(2.500,40,1.500)", AutoBandwidth.parse("auto(2.5,40,1.5)").toString());
        assertEquals("auto", AutoBandwidth.UNBOUNDED.toString());
    }

    @Test
    void rejectsMalformedAndEmptyRanges() {
        assertEquals("storageBW=\"auto(4,64)\" is not a number, \"auto\" or \"auto(min,max,delta)\"",
                assertThrows(IllegalArgumentException.class, () -> AutoBandwidth.parse("auto(4,64)")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> AutoBandwidth.parse("auto(-1,4,2)"));
        assertThrows(IllegalArgumentException.class, () -> AutoBandwidth.parse("auto(4,2,2)"));
        assertThrows(IllegalArgumentException.class, () -> AutoBandwidth.parse("auto(1,4,0.5)"));
        assertThrows(IllegalArgumentException.class, () -> AutoBandwidth.parse("auto(0,4,2)"));
    }
}
