package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlurmAllocationTest {

    @Test
    void hostListsExpandAsScontrolShowHostnamesDoes() {
        assertEquals(List.of("node1", "node2", "node3", "node5"), SlurmHostlist.expand("node[1-3,5]"));
        assertEquals(List.of("n01", "n02"), SlurmHostlist.expand("n01,n02"));
        assertEquals(List.of("n08", "n09", "n10"), SlurmHostlist.expand("n[08-10]"));
        assertEquals(List.of("a1", "b7", "b8", "c"), SlurmHostlist.expand("a1,b[7-8],c"));
        assertEquals(List.of("r1-n01", "r1-n02", "r2-n01", "r2-n02"), SlurmHostlist.expand("r[1-2]-n[01-02]"));
        assertEquals(List.of("gpu3x"), SlurmHostlist.expand("gpu[3]x"));
    }

    @Test
    void malformedHostListsAreNamed() {
        for (String bad : List.of("n[1-", "n[a-b]", "n[3-1]", "n1,,n2", "n]1[", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SlurmHostlist.expand(bad));
            assertTrue(e.getMessage().contains("SLURM host list"), e.getMessage());
        }
    }

    @Test
    void cpusPerNodeRepeatCounts() {
        assertEquals(List.of(2, 2, 2, 1), SlurmAllocation.expandCpus("2(x3),1"));
        assertEquals(List.of(4), SlurmAllocation.expandCpus("4"));
        assertEquals(List.of(48, 48, 24), SlurmAllocation.expandCpus("48(x2),24"));
        assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.expandCpus("2(3)"));
    }

    @Test
    void theAllocationComesFromTheJobsVariables() {
        SlurmAllocation a = SlurmAllocation.fromEnvironment(Map.of("SLURM_JOB_ID", "42",
                "SLURM_JOB_NODELIST", "node[1-3,5]", "SLURM_JOB_CPUS_PER_NODE", "4(x3),2",
                "SLURM_MEM_PER_NODE", "2048", "SLURMD_NODENAME", "node1"));
        assertEquals("42", a.jobId());
        assertEquals(List.of("node1", "node2", "node3", "node5"), a.nodes());
        assertEquals(List.of(4, 4, 4, 2), a.cpus());
        assertEquals(2048, a.memoryMb());
        assertEquals("node1", a.currentNode());

        SlurmAllocation perCpu = SlurmAllocation.fromEnvironment(Map.of("SLURM_JOB_ID", "7",
                "SLURM_JOB_NODELIST", "n01,n02", "SLURM_JOB_CPUS_PER_NODE", "2(x2)", "SLURM_MEM_PER_CPU", "500"));
        assertEquals(1000, perCpu.memoryMb());
        assertEquals("n01", perCpu.currentNode(), "without SLURMD_NODENAME, the batch script's node: the first");
    }

    @Test
    void outsideAnAllocationTheMissingVariableIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SlurmAllocation.fromEnvironment(Map.of("PATH", "/bin")));
        assertTrue(e.getMessage().startsWith("SLURM_JOB_ID is not set"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SlurmAllocation.fromEnvironment(Map.of(
                "SLURM_JOB_ID", "1", "SLURM_JOB_NODELIST", "n[1-3]", "SLURM_JOB_CPUS_PER_NODE", "2(x2)")));
        assertTrue(e.getMessage().contains("gives cores for 2 nodes"), e.getMessage());
    }

    @Test
    void workersRunOnEveryNodeButTheMastersUnlessItGivesThemCores() {
        SlurmAllocation a = new SlurmAllocation("9", List.of("n1", "n2", "n3"), List.of(4, 4, 2), 3072, "n1");
        Cluster noWorkerInMaster = new SlurmNodeProvider(a, 0, null).nodes();
        assertEquals(List.of("n2", "n3"), noWorkerInMaster.nodes().stream().map(NodeDescription::name).toList());
        assertEquals(List.of(4, 2), noWorkerInMaster.nodes().stream().map(NodeDescription::computingUnits).toList());
        assertEquals(3.0, noWorkerInMaster.nodes().get(0).memoryGB());

        Cluster withWorkerInMaster = new SlurmNodeProvider(a, 1, "/scratch/wd").nodes();
        assertEquals(List.of("n1", "n2", "n3"), withWorkerInMaster.nodes().stream().map(NodeDescription::name).toList());
        assertEquals(1, withWorkerInMaster.nodes().get(0).computingUnits());
        assertEquals("/scratch/wd", withWorkerInMaster.nodes().get(2).workingDir());
        assertEquals("srun", withWorkerInMaster.nodes().get(2).remoteExecution(), "their workers start with srun");
    }

    @Test
    void aMasterAloneOrAskingTooManyCoresIsOneLine() {
        SlurmAllocation one = new SlurmAllocation("9", List.of("n1"), List.of(2), 0, "n1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SlurmNodeProvider(one, 0, null).nodes());
        assertTrue(e.getMessage().contains("no node for a worker"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SlurmNodeProvider(one, 3, null).nodes());
        assertTrue(e.getMessage().contains("has 2 allocated cores"), e.getMessage());
    }
}
