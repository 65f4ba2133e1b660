package io.braid.streams.server;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;
import io.braid.streams.client.DistroStreamClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StandaloneServerMainTest {

    /** The script runs the server on this JVM's test classpath and prints the address line first. */
    @Test
    void scriptPrintsTheServerAddressFirstAndServes(@TempDir Path dir) throws Exception {
        Path script = Path.of(System.getProperty("user.dir")).resolve("../scripts/braid-stream-server").normalize();
        assertTrue(Files.isExecutable(script), script.toString());
        ProcessBuilder pb = new ProcessBuilder(script.toString(), "--port=0", "--host=127.0.0.1")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertTrue(first != null && first.matches("BRAID_STREAM_SERVER=127\\.0\\.0\\.1:\\d+"), first);
            String address = first.substring("BRAID_STREAM_SERVER=".length());
            try (DistroStreamClient c = new DistroStreamClient(address, "app", null, 5_000)) {
                String id = c.register(StreamType.FILE, "x", ConsumerMode.AT_MOST_ONCE,
                        dir.toString()).streamId();
                assertEquals(id, c.lookupAlias("x").streamId());
            }
        } finally {
            p.destroy(); // SIGTERM: the shutdown hook closes the server
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        }
    }

    @Test
    void badOptionExitsWithUsage() throws Exception {
        Path script = Path.of(System.getProperty("user.dir")).resolve("../scripts/braid-stream-server").normalize();
        ProcessBuilder pb = new ProcessBuilder(script.toString(), "--bogus").redirectErrorStream(true);
        pb.environment().put("BRAID_STREAMS_CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue());
        assertTrue(all.contains("unknown option --bogus") && all.contains("usage:"), all);
    }
}
