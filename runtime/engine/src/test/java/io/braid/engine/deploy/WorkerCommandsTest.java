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
}
