package io.braid.streams.internals.kafka;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedKafkaBrokerPortsTest {

    /** The client and controller listeners need two ports: the same one twice stops the broker's start. */
    @Test
    void theTwoListenerPortsAlwaysDiffer() throws Exception {
        for (int i = 0; i < 500; i++) {
            int[] ports = EmbeddedKafkaBroker.freePorts("127.0.0.1");
            assertNotEquals(ports[0], ports[1], "pair " + i);
            assertTrue(ports[0] > 0 && ports[1] > 0, "pair " + i);
        }
    }
}
