package io.braid.streams.internals.client;

import io.braid.comm.settings.SettingException;
import io.braid.streams.internals.settings.StreamSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The stream properties under their one prefix, and the old {@code braid.stream.*} names docs once showed. */
class ProcessSettingsTest {

    @AfterEach
    void clear() {
        for (String p : new String[] {"braid.streams.server", "braid.stream.server", "braid.streams.requestTimeoutMs",
            "braid.stream.requestTimeoutMs"}) {
            System.clearProperty(p);
        }
    }

    @Test
    void theServerIsNamedUnderBraidStreams() {
        assertEquals("braid.streams.server", DistroStreamClient.SERVER_PROPERTY);
        System.setProperty("braid.streams.server", "h:1");
        assertEquals("h:1", ProcessSettings.serverAddress());
        assertEquals("-Dbraid.streams.server", ProcessSettings.serverOrigin());
    }

    @Test
    void theOldNamesStillWorkAndTheNewOnesWin() {
        System.setProperty("braid.stream.server", "old:1");
        assertEquals("old:1", ProcessSettings.serverAddress());
        assertEquals("-Dbraid.stream.server", ProcessSettings.serverOrigin());
        System.setProperty("braid.streams.server", "new:2");
        assertEquals("new:2", ProcessSettings.serverAddress());
        System.setProperty("braid.stream.requestTimeoutMs", "1234");
        assertEquals(1234L, StreamSettings.REQUEST_TIMEOUT_MS.get());
    }

    @Test
    void aBadTimeoutNamesTheProperty() {
        System.setProperty("braid.streams.requestTimeoutMs", "0");
        assertEquals("-Dbraid.streams.requestTimeoutMs=0: expected milliseconds, more than 0",
                assertThrows(SettingException.class, StreamSettings.REQUEST_TIMEOUT_MS::get).getMessage());
    }
}
