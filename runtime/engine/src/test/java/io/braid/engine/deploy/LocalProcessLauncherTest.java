package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A local worker gets the command's environment as its own, runs in its working directory and
 * writes to its log; the command line holds the arguments only. A shell stands in for java (the
 * launch's command prefix runs it; what follows becomes its positional arguments).
 */
class LocalProcessLauncherTest {
    @TempDir
    Path tmp;

    @Test
    void theEnvironmentReachesTheProcessAndNotItsCommandLine() throws Exception {
        Path wd = tmp.resolve("wd");
        String script = "printf '%s\\n' \"$BRAID_RUN_SECRET\" \"$(pwd)\" > seen; echo \"$*\"";
        WorkerLaunch launch = new WorkerLaunch(List.of("/bin/sh", "-c", script, "sh"), "java", "/x/braid.jar",
                List.of(), "127.0.0.1", 4000, List.of("/app"), tmp, "info", 1, Map.of("BRAID_RUN_SECRET", "s3cr3t"));
        NodeDescription node = new NodeDescription("127.0.0.2", 2, 0, null, 0, 0, 0, null, null, -1, Map.of());
        WorkerCommand cmd = new WorkerCommand("127.0.0.1", 4000, "127.0.0.2", "127.0.0.2", 2, 1, List.of("/app"), wd,
                null, "", 0, 0, launch.environment(), 0, true);
        WorkerLauncher.StartedWorker w = new LocalProcessLauncher().launch(node, cmd, launch);
        w.stop(20_000);

        assertEquals(List.of("s3cr3t", wd.toString()), Files.readAllLines(wd.resolve("seen")));
        String log = Files.readString(Path.of(w.logFile()));
        assertTrue(log.contains(WorkerLaunch.WORKER_MAIN + " --master=127.0.0.1:4000 --node=127.0.0.2"), log);
        assertFalse(log.contains("s3cr3t"), log);
        assertTrue(log.contains(" --python_prestart=true"), "the command's arguments, prestart too: " + log);
        assertEquals(launch.workerLog("127.0.0.2").toString(), w.logFile());
    }
}
