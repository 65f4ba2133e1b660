package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command a node's worker is started with names the master's servers as the master started them. */
class WorkerCommandsTest {
    private static final NodeDescription NODE = new NodeDescription("127.0.0.2", 2, 0, null, 0, 0, 0, null, null, -1,
            Map.of());

    @Test
    void theWorkerIsToldTheMastersDataServer() {
        WorkerLaunch launch = new WorkerLaunch(List.of(), "java", "/x/braid.jar", List.of(), "127.0.0.1", 0,
                List.of("/app"), Path.of("/logs/run"), "info", 1).withMaster("127.0.0.1", 4000, 4001);
        WorkerCommand cmd = WorkerCommands.forNode(NODE, launch, "127.0.0.2");
        assertEquals(4000, cmd.masterPort());
        assertEquals(4001, cmd.masterDataPort());
        assertTrue(cmd.toArgs().contains("--master_data_port=4001"), cmd.toArgs()::toString);
        assertEquals(4001, WorkerCommand.parse(cmd.toArgs().toArray(new String[0])).masterDataPort());
        // a new worker-server address keeps the data server's port
        assertEquals(4001, launch.withMaster("127.0.0.1", 4002).masterDataPort());
    }

    @Test
    void aLaunchWithoutTheDataServerNamesNone() {
        WorkerLaunch launch = new WorkerLaunch(List.of(), "java", "/x/braid.jar", List.of(), "127.0.0.1", 4000,
                List.of("/app"), Path.of("/logs/run"), "info", 1);
        WorkerCommand cmd = WorkerCommands.forNode(NODE, launch, "127.0.0.2");
        assertEquals(0, cmd.masterDataPort());
        assertFalse(String.join(" ", cmd.toArgs()).contains("master_data_port"));
    }

    /**
     * A Python main program's workers start their Python processes as they start: the master's
     * launch says so, and every node's command carries it to the worker, whichever launcher starts
     * it (local process, ssh, srun: each passes the command's arguments).
     */
    @Test
    void thePythonPrestartIsAFieldOfEveryNodesCommand() {
        WorkerLaunch plain = new WorkerLaunch(List.of(), "java", "/x/braid.jar", List.of(), "127.0.0.1", 4000,
                List.of("/app"), Path.of("/logs/run"), "info", 1, Map.of("BRAID_RUN_SECRET", "s"));
        assertFalse(WorkerCommands.forNode(NODE, plain, "127.0.0.2").pythonPrestart());
        WorkerLaunch launch = plain.withPythonPrestart(true);
        assertTrue(launch.withMaster("127.0.0.1", 4002, 4003).pythonPrestart(), "a new master address keeps it");
        assertFalse(launch.workerJvmOptions().stream().anyMatch(o -> o.contains("prestart")),
                "no system property: the command says it");
        WorkerCommand cmd = WorkerCommands.forNode(NODE, launch, "127.0.0.2");
        assertTrue(cmd.pythonPrestart());
        assertTrue(WorkerCommand.parse(cmd.toArgs().toArray(new String[0])).pythonPrestart(), "the worker reads it");

        NodeDescription remote = new NodeDescription("10.213.0.2", 2, 0, null, 0, 0, 0, null, "/opt/braid", -1,
                Map.of(), "alice", 0, 0, null);
        WorkerCommand remoteCmd = WorkerCommands.forNode(remote, launch, "10.213.0.2");
        assertTrue(new SshLauncher(List.of(), 7).sshCommand(remote, remoteCmd, launch).stream()
                .anyMatch(w -> w.contains("--python_prestart=true")), "ssh");
        NodeDescription srunNode = new NodeDescription("node7", 4, 2.0, null, 0, 0, 0, null, null,
                NodeDescription.NO_LIMIT, Map.of(), null, 0, 0, "srun");
        WorkerCommand srunCmd = WorkerCommands.forNode(srunNode, launch, "10.0.0.7");
        assertTrue(new SrunLauncher("/usr/bin/srun").srunCommand(srunNode, srunCmd, launch)
                .contains("--python_prestart=true"), "srun");
    }
}
