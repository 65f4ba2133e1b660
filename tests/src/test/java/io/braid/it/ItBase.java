package io.braid.it;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** A temp dir per test (working dir of the runs, logs under tmp/logs); stray worker processes are killed after each test. */
abstract class ItBase {
    @TempDir
    Path tmp;

    @AfterEach
    void killStrayProcesses() {
        for (ProcessHandle h : BraidRunner.leftoverProcesses(tmp.resolve("logs"))) {
            h.destroyForcibly();
        }
    }
}
