package io.braid.it.hosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harness itself: hosts with their own address and sshd, cut off and back, all gone after close. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NetnsHostsTest {
    private static final int SUBNET = 2;

    private static Commands.Result ssh(NetnsHosts hosts, NetnsHosts.Host h, String... cmd) {
        List<String> full = new java.util.ArrayList<>(List.of("ssh", "-F", hosts.sshConfig().toString(), "-o",
                "BatchMode=yes", "-o", "ConnectTimeout=3", h.address()));
        full.addAll(List.of(cmd));
        return Commands.run(30, java.util.Map.of(), full);
    }

    @Test
    void hostsAnswerSshOnTheirOwnAddressCanBeCutOffAndLeaveNothingBehind() throws Exception {
        List<ProcessHandle> sshds;
        int subnet;
        try (NetnsHosts hosts = NetnsHosts.create(SUBNET, 2)) {
            subnet = hosts.subnet();
            NetnsHosts.Host a = hosts.host(0);
            NetnsHosts.Host b = hosts.host(1);
            assertTrue(hosts.exec(a, "ip", "-4", "addr", "show", "eth0").output().contains(a.address() + "/24"));
            // A command over ssh runs inside the host's namespace: it sees that host's address.
            Commands.Result seen = ssh(hosts, b, "ip", "-4", "addr", "show", "eth0");
            assertTrue(seen.ok() && seen.output().contains(b.address() + "/24"), seen.output());
            // Host to host through the bridge.
            assertTrue(hosts.exec(a, "ping", "-c", "1", "-W", "2", b.address()).ok()
                    || hosts.exec(a, "bash", "-c", "exec 3<>/dev/tcp/" + b.address() + "/22").ok());

            hosts.cutOff(a);
            assertFalse(ssh(hosts, a, "true").ok(), "a cut-off host does not answer");
            hosts.reconnect(a);
            assertTrue(ssh(hosts, a, "true").ok(), "a reconnected host answers again");

            // The last session's sshd child ends a moment after the client.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (hosts.processesOtherThanSshd(a).size() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50); // polls a condition, with a deadline
            }
            assertEquals(List.of(), hosts.processesOtherThanSshd(a), "only the sshd runs on a");
            sshds = hosts.processes(a);
            assertEquals(1, sshds.size(), sshds::toString);
        }
        String left = Commands.run("ip", "netns", "list").output();
        assertFalse(left.contains("braid" + subnet + "h"), left);
        assertFalse(Commands.run("ip", "link", "show", "brbraid" + subnet).ok(), "the bridge is gone");
        assertTrue(sshds.stream().noneMatch(ProcessHandle::isAlive), "the sshd processes are gone");
    }

    @Test
    void creatingAgainAfterACrashRemovesTheLeftovers() {
        int subnet;
        try (NetnsHosts first = NetnsHosts.create(SUBNET, 1, 0)) {
            subnet = first.subnet();
        }
        // What a run that died without close() leaves: a namespace and the bridge.
        Commands.check("ip", "netns", "add", "braid" + subnet + "h0");
        Commands.check("ip", "link", "add", "brbraid" + subnet, "type", "bridge");
        try (NetnsHosts again = NetnsHosts.create(subnet, 1, 0)) {
            assertEquals(subnet, again.subnet(), "the subnet is free again");
            assertEquals(1, Commands.run("ip", "netns", "list").output().lines()
                    .filter(l -> l.startsWith("braid" + subnet + "h")).count());
            assertTrue(again.exec(again.host(0), "true").ok());
        }
    }

    @Test
    void twoHarnessesAtOnceTakeDifferentSubnets() {
        try (NetnsHosts a = NetnsHosts.create(SUBNET, 1, 0); NetnsHosts b = NetnsHosts.create(SUBNET, 1, 0)) {
            assertTrue(a.subnet() != b.subnet(), a.subnet() + " " + b.subnet());
            assertTrue(a.exec(a.host(0), "true").ok() && b.exec(b.host(0), "true").ok());
        }
    }
}
