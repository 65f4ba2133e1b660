package io.braid.launcher;

import io.braid.launcher.options.LauncherOptions;
import io.braid.launcher.options.UsageException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** BRAID_STREAM_SERVER makes a run use an existing stream server; options that configure a hosted one conflict with it. */
class BraidRunStreamServerTest {

    private static LauncherOptions parse(String... args) {
        return LauncherOptions.parse(args);
    }

    @Test
    void unsetOrBlankMeansTheRunHostsItsOwn() {
        assertNull(BraidRun.existingStreamServer(parse("pkg.Main"), null));
        assertNull(BraidRun.existingStreamServer(parse("pkg.Main"), "  "));
    }

    @Test
    void setNamesTheServerToUse() {
        assertEquals("10.0.0.5:7000", BraidRun.existingStreamServer(parse("pkg.Main"), " 10.0.0.5:7000 "));
        assertEquals("10.0.0.5:7000", BraidRun.existingStreamServer(parse("--streaming=ALL", "pkg.Main"), "10.0.0.5:7000"));
    }

    @Test
    void optionsOfAHostedServerAreErrorsBesideIt() {
        UsageException backend = assertThrows(UsageException.class, () -> BraidRun.existingStreamServer(
                parse("--streaming_backend=kafka://k:9092", "pkg.Main"), "h:1"));
        assertEquals("--streaming_backend=kafka://k:9092 cannot apply to an existing stream server"
                + " (BRAID_STREAM_SERVER=h:1 is set; unset it to let the run host its own)", backend.getMessage());
        UsageException kinds = assertThrows(UsageException.class, () -> BraidRun.existingStreamServer(
                parse("--streaming=FILES", "pkg.Main"), "h:1"));
        assertEquals("--streaming=FILES cannot apply to an existing stream server"
                + " (BRAID_STREAM_SERVER=h:1 is set; unset it to let the run host its own)", kinds.getMessage());
    }
}
