package io.braid.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checkpointing example (tests/apps/java/checkpoint) in every mode, small: 2 phases x 4 compute
 * steps of 20 ms, each followed by a 1 MB fsync'd block, on two local workers of 1 core, 200 MB/s
 * and 4 I/O executors. Every mode writes the same blocks and computes the same states; times are
 * not checked (tests/bench/run io measures them).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CheckpointExampleTest extends ItBase {
    private static final String EXPECTED = "blocks=8 bytes=8388608 states=";

    @ParameterizedTest
    @ValueSource(strings = {"baseline", "io", "static25", "static200", "auto", "bounded"})
    void everyModeWritesEveryBlockAndComputesTheSameStates(String mode) {
        Clusters.Files cluster = Clusters.local(2).cus(1).storageBandwidth(200).ioExecutors(4)
                .write(tmp.resolve("xml"));
        RunResult r = BraidRunner.in(tmp).app("checkpoint").cluster(cluster).options("--summary")
                .main("checkpoint.Main").args(mode, 2, 4, 20, 1).run();
        assertEquals(0, r.exitCode(), r::describe);
        // states: the final compute states of slots 0..3 after 2 steps, the same whatever the mode.
        assertEquals(EXPECTED + "d1b7c968f6e06332", r.value("result "), r::describe);
        assertTrue(r.value("elapsed_ms ").matches("\\d+"), r::describe);
        if (mode.equals("auto") || mode.equals("bounded")) {
            assertTrue(r.stdout().contains("auto storageBW of checkpoint.Tasks.checkpoint"), r::describe);
        }
    }
}
