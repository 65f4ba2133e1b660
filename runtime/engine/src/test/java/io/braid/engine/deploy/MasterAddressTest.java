package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.NodeDescription;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MasterAddressTest {
    private static Cluster of(String... names) {
        return new Cluster(java.util.Arrays.stream(names).map(n -> new NodeDescription(n, 1, 0, null, 0, 0, 0, null,
                null, -1, Map.of())).toList(), Map.of());
    }

    @Test
    void aRunOnThisMachineOnlyUsesLoopback() {
        assertEquals("127.0.0.1", MasterAddress.choose(null, of("localhost", "127.0.0.2", "127.0.0.3")));
    }

    @Test
    void theGivenAddressWinsAndMustBeThisMachines() {
        assertEquals("127.0.0.4", MasterAddress.choose("127.0.0.4", of("localhost")));
        var e = assertThrows(IllegalArgumentException.class, () -> MasterAddress.choose("192.0.2.77", of("localhost")));
        assertTrue(e.getMessage().contains("--master_name=192.0.2.77"), e.getMessage());
    }

    @Test
    void aLoopbackNodeBesideARemoteOneIsRefused() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> MasterAddress.choose(null, of("127.0.0.2", "192.0.2.10")));
        assertTrue(e.getMessage().contains("node 127.0.0.2 is a loopback address")
                && e.getMessage().contains("192.0.2.10"), e.getMessage());
    }

    @Test
    void anUnknownRemoteHostIsNamed() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> MasterAddress.choose(null, of("127.0.0.2", "no-such-host.invalid")));
        assertTrue(e.getMessage().contains("no-such-host.invalid"), e.getMessage());
    }

    @Test
    void localNodesGetLocalProcessesAndOthersSsh() {
        LauncherChooser c = LauncherChooser.standard(5);
        assertTrue(c.choose(of("127.0.0.2").nodes().get(0)) instanceof LocalProcessLauncher);
        assertTrue(c.choose(of("192.0.2.10").nodes().get(0)) instanceof SshLauncher);
        NodeDescription srun = new NodeDescription("192.0.2.11", 1, 0, null, 0, 0, 0, null, null, -1, Map.of(), null,
                0, 0, "srun");
        assertTrue(c.choose(srun) instanceof SrunLauncher, "RemoteExecutionCommand=srun: SrunLauncher");
        assertTrue(c.with(LauncherChooser.Kind.SRUN, new LocalProcessLauncher()).choose(srun)
                instanceof LocalProcessLauncher);
    }
}
