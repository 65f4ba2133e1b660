package io.braid.it.hosts;

import io.braid.it.BraidRunner;
import io.braid.it.Clusters;
import io.braid.it.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host cut off from the network in the middle of a run (its link down: no clean exit, its
 * sockets stay open): the master notices by the heartbeat timeout, cannot start its worker again
 * over ssh, excludes it with one line, and the run finishes on the other hosts, recomputing what
 * lived only there. Once the host is back on the network, nothing of the run is left on it.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SshHostLossTest {
    /** 10.213.3.0/24: each host test class has its own subnet. */
    private static final int SUBNET = 3;
    private static final int CHAINS = 6;
    private static final int LENGTH = 40;
    private static NetnsHosts hosts;

    @TempDir
    Path tmp;

    @BeforeAll
    static void createHosts() {
        hosts = NetnsHosts.create(SUBNET, 3);
    }

    @AfterAll
    static void removeHosts() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void aHostCutOffMidRunIsLostWithinSecondsExcludedAndTheRunFinishesOnTheOthers() throws Exception {
        NetnsHosts.Host a = hosts.host(0);
        NetnsHosts.Host b = hosts.host(1);
        NetnsHosts.Host c = hosts.host(2);
        Clusters.Files xml = RemoteCluster.of(a, b, c).write(tmp.resolve("xml"));
        BraidRunner runner = BraidRunner.in(tmp).options("--log_level=info", "--worker_start_timeout=5");
        hosts.sshEnvironment().forEach(runner::env);
        Path resume = tmp.resolve("resume");
        BraidRunner.Running run = runner.app("chains").cluster(xml).main("chains.Main")
                .args(CHAINS, LENGTH, 50, "main", resume).timeout(Duration.ofSeconds(150)).start();
        try {
            // Every task has ended; many results live only on c. Cut c off, let the master notice and
            // give up on it, then let the main program read results that were on c.
            run.awaitStdout("all done");
            hosts.cutOff(c);
            run.awaitRuntimeLog(Pattern.compile("(node " + Pattern.quote(c.address()) + " excluded)"));
            Files.writeString(resume, "go");
            RunResult r = run.await();

            assertEquals(0, r.exitCode(), r::describe);
            long middles = 0;
            long sum = 0;
            for (int k = 0; k < CHAINS; k++) {
                middles += k + LENGTH / 2 + 1;
                sum += k + LENGTH;
            }
            assertEquals(String.valueOf(middles), r.value("middles="), r::describe);
            assertEquals(String.valueOf(sum), r.value("sum="), r::describe);
            assertTrue(r.runtimeLog().contains("worker " + c.address() + " silent for"), () -> "heartbeat timeout\n"
                    + r.describe());
            assertTrue(r.runtimeLog().contains("was lost with its worker: running chains.Tasks.step("), r::describe);
            // One line when the worker is lost and started again, one when the node is given up.
            List<String> warnings = r.stderrLines().stream().filter(l -> l.contains("WARNING")).toList();
            assertEquals(2, warnings.size(), r::describe);
            assertTrue(warnings.get(0).startsWith("[braid] WARNING: worker " + c.address() + " lost "), warnings::toString);
            assertTrue(warnings.get(1).startsWith("[braid] WARNING: node " + c.address() + " excluded: its worker was"
                    + " started again but "), warnings::toString);
        } finally {
            hosts.reconnect(c);
        }
        // Back on the network, the cut-off worker finds its master silent and exits by itself.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<ProcessHandle> left = hosts.processesOtherThanSshd(c);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            pause();
            left = hosts.processesOtherThanSshd(c);
        }
        List<String> shown = left.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
        hosts.killProcesses(c);
        assertTrue(shown.isEmpty(), () -> "processes left on " + c.address() + ": " + shown);
    }

    private static void pause() {
        try {
            Thread.sleep(200); // polling processes of a namespace
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
