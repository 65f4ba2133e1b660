package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The srun command line of a worker (the real srun runs in tests/.../SlurmRunTest). */
class SrunLauncherTest {

    private static final NodeDescription NODE = new NodeDescription("node7", 4, 2.0, null, 0, 0, 0, null, null,
            NodeDescription.NO_LIMIT, Map.of(), null, 0, 0, "srun");

    @Test
    void oneStepOnTheNodeWithItsCoresAndNoSecretOnTheCommandLine() {
        WorkerLaunch launch = new WorkerLaunch(List.of("nice", "-n", "10"), "/opt/java/bin/java", "/opt/braid/braid.jar",
                List.of("-Xmx1g"), "10.0.0.1", 7000, List.of("/apps/cp"), Path.of("/logs/run_01"), "info", 2,
                Map.of("BRAID_RUN_SECRET", "s3cret"));
        WorkerCommand command = new WorkerCommand("10.0.0.1", 7000, "node7", "10.0.0.7", 4, 2, List.of("/apps/cp"),
                Path.of("/scratch/wd"), Path.of("/logs/run_01/jobs"), "/logs/run_01/workers/node7.log", 0, 0,
                launch.environment());
        List<String> cmd = new SrunLauncher("/usr/bin/srun").srunCommand(NODE, command, launch);

        int java = cmd.indexOf("/opt/java/bin/java");
        assertEquals(List.of("/usr/bin/srun", "--nodes=1", "--ntasks=1", "--nodelist=node7", "--overlap",
                "--cpus-per-task=4", "--export=ALL", "--input=none", "--job-name=braid-worker-node7",
                "--chdir=/scratch/wd"), cmd.subList(0, java), "srun's options, then the worker's java command");
        assertFalse(cmd.contains("nice"), "the local workers' priority prefix is not for other nodes");
        assertEquals(WorkerLaunch.WORKER_MAIN, cmd.get(cmd.indexOf("-cp") + 2));
        assertEquals(command.toArgs(), cmd.subList(cmd.size() - command.toArgs().size(), cmd.size()));
        assertTrue(cmd.contains("-Xmx1g"));
        assertFalse(String.join(" ", cmd).contains("s3cret"), "the secret travels in srun's inherited environment");
    }

    @Test
    void theWorkerBindsTheAddressItsNodeNameResolvesTo() {
        NodeDescription local = new NodeDescription("localhost", 1, 0, null, 0, 0, 0, null, null,
                NodeDescription.NO_LIMIT, Map.of(), null, 0, 0, "srun");
        assertEquals("127.0.0.1", new SrunLauncher().bindAddress(local));
        NodeDescription unknown = new NodeDescription("no-such-node.invalid", 1, 0, null, 0, 0, 0, null, null,
                NodeDescription.NO_LIMIT, Map.of(), null, 0, 0, "srun");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SrunLauncher().bindAddress(unknown));
        assertTrue(e.getMessage().contains("no-such-node.invalid"), e.getMessage());
    }
}
