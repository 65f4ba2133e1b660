package io.braid.engine.deploy;

import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Which nodes start with srun: those that ask for it, and inside an allocation the allocation's own. */
class LauncherChooserSrunTest {

    private static NodeDescription node(String name, String remoteExecution) {
        return new NodeDescription(name, 2, 0, null, 0, 0, 0, null, null, NodeDescription.NO_LIMIT, Map.of(), null, 0,
                0, remoteExecution);
    }

    @Test
    void insideAnAllocationItsNodesStartWithSrunOthersWithSsh() {
        LauncherChooser c = LauncherChooser.standard(5).insideAllocation(Set.of("cn1", "cn2"));
        assertInstanceOf(SrunLauncher.class, c.choose(node("cn1", null)));
        assertInstanceOf(SshLauncher.class, c.choose(node("login2", null)));
        assertInstanceOf(SshLauncher.class, c.choose(node("cn2", "ssh")), "the XML's RemoteExecutionCommand wins");
        assertInstanceOf(LocalProcessLauncher.class, c.choose(node("127.0.0.2", null)));
    }

    @Test
    void nodesThatAskForSrunGetItAnywhere() {
        LauncherChooser c = LauncherChooser.standard(5).insideAllocation(Set.of());
        assertInstanceOf(SrunLauncher.class, c.choose(node("cn7", "srun")));
        assertInstanceOf(SshLauncher.class, c.choose(node("cn7", null)));
    }

    @Test
    void theAllocationsNodesFromTheJobsVariables() {
        assertEquals(Set.of("cn1", "cn2", "cn4"), SlurmAllocation.nodesOf(Map.of("SLURM_JOB_ID", "3",
                "SLURM_JOB_NODELIST", "cn[1-2,4]")));
        assertEquals(Set.of(), SlurmAllocation.nodesOf(Map.of("SLURM_JOB_NODELIST", "cn[1-2]")), "not in a job");
        assertEquals(Set.of(), SlurmAllocation.nodesOf(Map.of("SLURM_JOB_ID", "3", "SLURM_JOB_NODELIST", "cn[1-")));
    }
}
