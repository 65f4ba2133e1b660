package io.braid.it.hosts;

import io.braid.it.BraidRunner;
import io.braid.it.Clusters;
import io.braid.it.Repo;
import io.braid.it.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Workers started over real ssh on hosts that are network namespaces of this machine (each with
 * its own sshd and address), the master on the bridge address: tasks, files and streams move
 * over that network; a host that never comes up is excluded naming it (or fails the run, when it
 * is the only one); killing braid-run leaves nothing on any host.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SshClusterTest {
    /** First choice of subnet (10.213.1.0/24); another when a test JVM beside this one holds it. */
    private static final int SUBNET = 1;
    private static NetnsHosts hosts;

    @TempDir
    Path tmp;

    @BeforeAll
    static void createHosts() {
        hosts = NetnsHosts.create(SUBNET, 4, 3); // host 3 has an address but no sshd
    }

    @AfterAll
    static void removeHosts() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @AfterEach
    void nothingLeftOnTheHosts() {
        for (int i = 0; i < 3; i++) {
            NetnsHosts.Host h = hosts.host(i);
            awaitNoWorkerOn(h);
        }
    }

    private BraidRunner runner(Path dir) {
        BraidRunner r = BraidRunner.in(dir).options("--log_level=info", "--worker_start_timeout=30");
        hosts.sshEnvironment().forEach(r::env);
        return r;
    }

    private static String wd(RunResult r, NetnsHosts.Host h) {
        return r.workersDir().resolve(h.address() + "-wd").toString();
    }

    @Test
    void chainsRunOnThreeSshHostsThatReachTheMasterOverTheBridge() {
        NetnsHosts.Host a = hosts.host(0);
        NetnsHosts.Host b = hosts.host(1);
        NetnsHosts.Host c = hosts.host(2);
        // a starts <InstallDir>/scripts/braid-worker; b, c the master's own java and braid.jar paths
        Clusters.Files xml = RemoteCluster.empty().node(a.address(), "Intel", Repo.root().toString(), "root", 0, 0)
                .node(b.address(), "Intel", null, null, 43001, 43003).node(c.address(), "Intel", null, null, 0, 0)
                .write(tmp.resolve("xml"));
        RunResult r = runner(tmp).app("chain").cluster(xml).main("chain.Main").args(6, 20).run();

        assertEquals(0, r.exitCode(), r::describe);
        for (int k = 0; k < 6; k++) {
            long x = k + 1;
            for (int s = 0; s < 20; s++) {
                x = (x * 31 + s) % 1_000_003;
            }
            assertEquals(String.valueOf(x), r.value("chain " + k + " = "), r::describe);
        }
        assertTrue(r.runtimeLog().contains("master address " + hosts.bridgeAddress()), r::describe);
        for (NetnsHosts.Host h : List.of(a, b, c)) {
            String log = r.workerLogs().get(h.address());
            // The data server binds the node's own address, which exists only inside its namespace.
            assertTrue(log != null && log.contains("worker " + h.address() + " up") && log.contains("data on "
                    + h.address() + ":"), () -> h.address() + "\n" + r.describe());
        }
        assertTrue(Pattern.compile("data on " + Pattern.quote(b.address()) + ":4300[123]\\b")
                .matcher(r.workerLogs().get(b.address())).find(), "b's data server listens in its MinPort-MaxPort");
    }

    @Test
    void aFileWrittenOnOneHostIsCopiedToTheHostThatReadsIt() throws Exception {
        NetnsHosts.Host a = hosts.host(0);
        NetnsHosts.Host b = hosts.host(1);
        Clusters.Files xml = RemoteCluster.empty().node(a.address(), "hostA", null, null, 0, 0)
                .node(b.address(), "hostB", null, null, 0, 0).write(tmp.resolve("xml"));
        Path dir = Files.createDirectories(tmp.resolve("data"));
        RunResult r = runner(tmp).app("hostfiles").cluster(xml).main("hostfiles.Main").args(dir).run();

        assertEquals(0, r.exitCode(), r::describe);
        String[] seen = r.value("consumed: ").split(" \\| ");
        assertTrue(seen[0].startsWith(wd(r, b)), () -> "b reads its own copy: " + seen[0] + "\n" + r.describe());
        assertEquals("made-on-a.txt", Path.of(seen[0]).getFileName().toString(), "under the main program's name");
        assertEquals("hello written in " + wd(r, a), seen[1], r::describe);
        assertEquals("read in " + wd(r, b), seen[2], r::describe);
    }

    /**
     * The working dirs are on a disk both hosts declare: the file a task wrote on a is read in
     * place by the task on b, not copied (the previous test copies it without the declaration).
     */
    @Test
    void aFileATaskWroteOnADeclaredSharedDiskIsReadInPlaceOnAnotherHost() throws Exception {
        NetnsHosts.Host a = hosts.host(0);
        NetnsHosts.Host b = hosts.host(1);
        Path disk = tmp.toRealPath(); // holds the run's log dir, and so the workers' working dirs
        Clusters.Files xml = RemoteCluster.empty().node(a.address(), "hostA", null, null, 0, 0)
                .node(b.address(), "hostB", null, null, 0, 0).sharedDisk(disk).write(tmp.resolve("xml"));
        Path dir = Files.createDirectories(tmp.resolve("data"));
        RunResult r = runner(disk).app("hostfiles").cluster(xml).main("hostfiles.Main").args(dir).run();

        assertEquals(0, r.exitCode(), r::describe);
        String[] seen = r.value("consumed: ").split(" \\| ");
        String aWd = Path.of(wd(r, a)).toRealPath().toString();
        // b's task gets the file under its name in its own sandbox: a link to where a wrote it
        assertEquals("made-on-a.txt", Path.of(seen[0]).getFileName().toString(), r::describe);
        assertTrue(seen[3].startsWith(aWd + "/"), () -> "b reads the file where a wrote it: " + seen[3] + "\n"
                + r.describe());
        assertEquals("hello written in " + aWd, seen[1], r::describe);
        assertTrue(noFileUnder(Path.of(wd(r, b)), "made-on-a.txt"), "no copy in b's working dir");
    }

    @Test
    void aFileOnADeclaredSharedDiskIsReadInPlaceOnAnotherHostAndCopiedOtherwise() throws Exception {
        NetnsHosts.Host a = hosts.host(0);
        Path shared = Files.createDirectories(tmp.resolve("scratch")).toRealPath();
        Path input = shared.resolve("input.txt");

        Clusters.Files declared = RemoteCluster.of(a).sharedDisk(shared).write(tmp.resolve("xml-shared"));
        RunResult inPlace = runner(Files.createDirectories(tmp.resolve("run-shared"))).app("shareddisk")
                .cluster(declared).main("shareddisk.Main").args(shared).run();
        assertEquals(0, inPlace.exitCode(), inPlace::describe);
        assertEquals(input + " hello from main", inPlace.value("task read: "), inPlace::describe);
        assertTrue(noFileUnder(Path.of(wd(inPlace, a)), "input.txt"), "no copy in the worker's working dir");

        Clusters.Files plain = RemoteCluster.of(a).write(tmp.resolve("xml-plain"));
        RunResult copied = runner(Files.createDirectories(tmp.resolve("run-plain"))).app("shareddisk")
                .cluster(plain).main("shareddisk.Main").args(shared).run();
        assertEquals(0, copied.exitCode(), copied::describe);
        String seen = copied.value("task read: ");
        assertTrue(seen.startsWith(wd(copied, a)) && seen.endsWith("_input.txt hello from main"),
                () -> "a renamed copy in the remote worker's working dir: " + seen + "\n" + copied.describe());
    }

    @Test
    void objectStreamsFlowBetweenHostsThroughTheBrokerOnTheBridgeAddress() {
        Clusters.Files xml = RemoteCluster.of(hosts.host(0), hosts.host(1), hosts.host(2)).write(tmp.resolve("xml"));
        RunResult r = runner(tmp).app("exchange").cluster(xml).main("exchange.Main").args("hybrid", 3, 6, 20).run();

        assertEquals(0, r.exitCode(), r::describe);
        List<String> cells = r.stdoutStartingWith("cell ");
        assertEquals(3, cells.size(), r::describe);
        for (String line : cells) {
            String[] parts = line.split(" ");
            assertEquals(parts[2].substring("state=".length()), parts[3].substring("expected=".length()),
                    () -> line + "\n" + r.describe());
        }
        String bridge = Pattern.quote(hosts.bridgeAddress());
        assertTrue(Pattern.compile("stream server at " + bridge + ":\\d+").matcher(r.runtimeLog()).find(), r::describe);
        Matcher broker = Pattern.compile("embedded Kafka broker at (" + bridge + ":\\d+)").matcher(r.runtimeLog());
        assertTrue(broker.find(), r::describe);
        // The tasks' Kafka clients, inside the namespaces, talk to the broker at that address (every
        // cell's state is right only if each read its neighbour's stream; the clients' own log
        // lines naming the broker are not certain to be written before the run ends).
        assertTrue(r.workerLogs().values().stream().anyMatch(log -> log.contains(broker.group(1))), r::describe);
    }

    @Test
    void fileStreamsWrittenOnOneHostAreReadOnAnother() {
        Clusters.Files xml = RemoteCluster.of(hosts.host(0), hosts.host(1)).cus(2).write(tmp.resolve("xml"));
        RunResult r = runner(tmp).app("simulations").cluster(xml).main("simulations.Main")
                .args("hybrid", 2, 6, 50, 50, tmp.resolve("out")).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("515 files=6 expected=515", r.value("sim 0 total="), r::describe);
        assertEquals("1595 files=6 expected=1595", r.value("sim 1 total="), r::describe);
    }

    @Test
    void aHostWithoutSshdIsExcludedWithOneLineAndTheRunGoesOnWithTheOthers() {
        NetnsHosts.Host down = hosts.host(3);
        Clusters.Files xml = RemoteCluster.of(hosts.host(0), down).write(tmp.resolve("xml"));
        RunResult r = runner(tmp).app("chain").cluster(xml).main("chain.Main").args(1, 2)
                .timeout(Duration.ofSeconds(60)).run();

        assertEquals(0, r.exitCode(), r::describe);
        assertEquals("962", r.value("chain 0 = "), r::describe);
        List<String> lines = r.stderrLines().stream().filter(l -> l.contains(down.address())).toList();
        assertEquals(1, lines.size(), r::describe);
        assertTrue(lines.get(0).startsWith("[braid] WARNING: node " + down.address() + " excluded: its worker exited"
                + " during start-up") && lines.get(0).contains("Connection refused"), lines::toString);
    }

    @Test
    void aRunWhoseOnlyHostHasNoSshdFailsWithOneLineNamingIt() {
        NetnsHosts.Host down = hosts.host(3);
        Clusters.Files xml = RemoteCluster.of(down).write(tmp.resolve("xml"));
        RunResult r = runner(tmp).app("chain").cluster(xml).main("chain.Main").args(1, 2)
                .timeout(Duration.ofSeconds(60)).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        List<String> lines = r.stderrLines().stream().filter(l -> l.contains(down.address())).toList();
        assertEquals(1, lines.size(), r::describe);
        assertTrue(lines.get(0).startsWith("braid-run: worker " + down.address() + " exited during start-up")
                && lines.get(0).contains("Connection refused"), lines::toString);
    }

    @Test
    void anUnreachableAddressFailsTheRunWithinTheStartTimeout() {
        String nowhere = "10.213." + hosts.subnet() + ".99"; // on the bridge's subnet, no host has it
        Clusters.Files xml = RemoteCluster.empty().node(nowhere, "Intel", null, null, 0, 0).write(tmp.resolve("xml"));
        long t0 = System.nanoTime();
        RunResult r = runner(tmp).options("--worker_start_timeout=8").app("chain").cluster(xml).main("chain.Main")
                .args(1, 2).timeout(Duration.ofSeconds(60)).run();

        assertNotEquals(0, r.exitCode(), r::describe);
        List<String> lines = r.stderrLines().stream().filter(l -> l.contains(nowhere)).toList();
        assertEquals(1, lines.size(), r::describe);
        assertTrue(lines.get(0).startsWith("braid-run: worker " + nowhere + " "), lines::toString);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(45), "failed long after the start timeout");
    }

    @Test
    void killingBraidRunLeavesNoWorkerOnAnyHost() {
        for (boolean forcibly : List.of(false, true)) {
            Path dir = tmp.resolve(forcibly ? "kill9" : "term");
            Clusters.Files xml = RemoteCluster.of(hosts.host(0), hosts.host(1)).write(dir.resolve("xml"));
            BraidRunner.Running run = runner(dir).app("exchange").cluster(xml).main("exchange.Main")
                    .args("hybrid", 2, 2000, 20).start();
            try {
                run.awaitRuntimeLog(Pattern.compile("(running) exchange.Main.main"));
                assertTrue(hosts.processesOtherThanSshd(hosts.host(0)).size() > 0, "a worker runs on host 0");
                if (forcibly) {
                    run.process().destroyForcibly();
                } else {
                    run.process().destroy();
                }
                awaitExit(run.process());
            } finally {
                stop(run);
            }
            for (int i = 0; i < 2; i++) {
                awaitNoWorkerOn(hosts.host(i));
            }
            awaitNoLocalLeftovers(dir.resolve("logs"));
        }
    }

    @Test
    void aWorkerWhoseSshSessionDiesStops() {
        NetnsHosts.Host a = hosts.host(0);
        Clusters.Files xml = RemoteCluster.of(a).write(tmp.resolve("xml"));
        BraidRunner.Running run = runner(tmp).app("exchange").cluster(xml).main("exchange.Main")
                .args("hybrid", 1, 2000, 20).start();
        try {
            run.awaitRuntimeLog(Pattern.compile("(running) exchange.Main.main"));
            List<ProcessHandle> ssh = run.process().descendants()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/ssh")).orElse(false)).toList();
            assertEquals(1, ssh.size(), "one ssh session");
            ssh.get(0).destroyForcibly(); // the session ends; the worker's master connection is still up
            awaitNoWorkerOn(a);
        } finally {
            stop(run);
        }
    }

    // ---- helpers ----

    private static boolean noFileUnder(Path dir, String suffix) throws Exception {
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (var s = Files.walk(dir)) {
            return s.noneMatch(p -> p.getFileName().toString().endsWith(suffix));
        }
    }

    /** A run a failed assertion left behind: killed with its ssh clients (and so its remote workers). */
    private static void stop(BraidRunner.Running run) {
        if (run.process().isAlive()) {
            run.process().descendants().forEach(ProcessHandle::destroyForcibly);
            run.process().destroyForcibly();
            awaitExit(run.process());
        }
    }

    private static void awaitExit(Process p) {
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "braid-run did not end");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Polls until only the host's sshd runs there (its sessions and workers gone), up to 30 s. */
    private static void awaitNoWorkerOn(NetnsHosts.Host h) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<ProcessHandle> left = hosts.processesOtherThanSshd(h);
        while (!left.isEmpty()) {
            if (System.nanoTime() > deadline) {
                List<String> shown = left.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
                hosts.killProcesses(h); // the next test starts clean
                throw new AssertionError("processes left on " + h.address() + ": " + shown);
            }
            pause();
            left = hosts.processesOtherThanSshd(h);
        }
    }

    /** Polls until no process of this machine names the run's log dir (ssh clients, local workers), up to 30 s. */
    private static void awaitNoLocalLeftovers(Path baseLogDir) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<ProcessHandle> left = leftovers(baseLogDir);
        while (!left.isEmpty()) {
            if (System.nanoTime() > deadline) {
                left.forEach(ProcessHandle::destroyForcibly);
                throw new AssertionError("processes left on this machine: "
                        + left.stream().map(p -> p.info().commandLine().orElse("?")).toList());
            }
            pause();
            left = leftovers(baseLogDir);
        }
    }

    private static List<ProcessHandle> leftovers(Path baseLogDir) {
        String marker = baseLogDir.toString();
        return ProcessHandle.allProcesses().filter(h -> h.pid() != ProcessHandle.current().pid())
                .filter(h -> h.info().commandLine().map(c -> c.contains(marker)).orElse(false)).toList();
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
