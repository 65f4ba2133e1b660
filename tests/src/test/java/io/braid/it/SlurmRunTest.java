package io.braid.it;

import io.braid.it.hosts.NetnsHosts;
import io.braid.it.hosts.SlurmCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * braid-enqueue on a real SLURM: three namespace hosts (subnet 10.213.70.0/24), each a SLURM node
 * of 2 cores, one cluster for the class. The master runs on the first node, workers on the two
 * others through srun; nothing of a run is left once its job ends, cancelled or not.
 */
class SlurmRunTest {
    private static final int SUBNET = 70;
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(90);
    /** What tests/apps/java/srunprobe puts in the worker command's environment. */
    private static final String PROBE_VARIABLE = "BRAID_PROBE_SECRET";
    private static final String PROBE_VALUE = "s3cret value";

    private static NetnsHosts hosts;
    private static SlurmCluster slurm;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void startCluster() {
        hosts = NetnsHosts.create(SUBNET, 3, 0);
        try {
            slurm = SlurmCluster.start(hosts, 2, 2048);
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    /** A test that failed half-way leaves no job to hold the nodes from the next one. */
    @AfterEach
    void cancelJobsLeft() {
        if (slurm != null) {
            slurm.cancelAll();
        }
    }

    @AfterAll
    static void stopCluster() {
        try {
            if (slurm != null) {
                slurm.close();
            }
        } finally {
            if (hosts != null) {
                hosts.close();
            }
        }
    }

    @Test
    void aThreeNodeRunGetsTheRightResultWithWorkersOnTheOtherNodes() throws IOException {
        Path dir = tmp.resolve("three");
        List<String> args = new ArrayList<>(List.of("--num_nodes=3", "--exec_time=5", "--job_name=braid-it"));
        Enqueue.Result submitted = Enqueue.run(dir, slurm.environment(), withApp(dir, args, "40"));
        String job = submitted.jobId();

        SlurmCluster.JobState end = slurm.awaitEnd(job, JOB_TIMEOUT);
        String out = read(dir.resolve("braid-" + job + ".out"));
        String err = read(dir.resolve("braid-" + job + ".err"));
        assertEquals(new SlurmCluster.JobState("COMPLETED", "0:0"), end, () -> out + err);
        // sum over i = 1..40 of i*i + 1
        assertTrue(out.lines().anyMatch("sum=22180"::equals), () -> out + err);

        Path logDir = onlyLogDir(dir.resolve("logs"));
        String runtimeLog = read(logDir.resolve("runtime.log"));
        List<String> nodes = slurm.nodeNames();
        assertFalse(Files.exists(logDir.resolve("workers/" + nodes.get(0) + ".log")), "a worker on the master's node");
        for (int i = 1; i < 3; i++) {
            String node = nodes.get(i);
            assertTrue(runtimeLog.contains("started worker " + node + " (2 computing units) with SrunLauncher"), runtimeLog);
            // the worker bound its node's address, which exists only inside that node's namespace
            String workerLog = read(logDir.resolve("workers/" + node + ".log"));
            assertTrue(workerLog.contains("worker " + node + " up: 2 computing units")
                    && workerLog.contains("data on " + slurm.nodes().get(i).address() + ":"), workerLog);
        }
        for (String jobOutput : jobOutputs(logDir)) {
            Matcher m = Pattern.compile("ran in .*/workers/(\\S+)-wd").matcher(jobOutput);
            assertTrue(m.find() && !m.group(1).equals(nodes.get(0)), jobOutput);
        }
        assertEquals(List.of(), BraidRunner.leftoverProcesses(dir.resolve("logs")));
    }

    @Test
    void scancelLeavesNoBraidProcessOnAnyNode() {
        Path dir = tmp.resolve("cancelled");
        // 100,000 tasks of 40 ms on 4 cores: far longer than the test
        String job = Enqueue.run(dir, slurm.environment(), withApp(dir, List.of("--num_nodes=3"), "100000")).jobId();
        slurm.awaitRunning(job, JOB_TIMEOUT);
        awaitRuntimeLog(dir.resolve("logs"), "worker " + slurm.nodeNames().get(2) + " connected", job);
        awaitRuntimeLog(dir.resolve("logs"), "worker " + slurm.nodeNames().get(1) + " connected", job);

        slurm.client("scancel", job);
        assertEquals("CANCELLED", slurm.awaitEnd(job, JOB_TIMEOUT).state());
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        List<String> left = leftovers(dir);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            BraidRunner.sleep(100);
            left = leftovers(dir);
        }
        assertEquals(List.of(), left, "processes left after scancel");
    }

    @Test
    void killingTheMasterEndsTheJobAndLeavesNoProcess() {
        Path dir = tmp.resolve("killed");
        // a part of each node: its workers get the allocated cores, not the node's
        String job = Enqueue.run(dir, slurm.environment(), withApp(dir, List.of("--num_nodes=3", "--cpus_per_node=1",
                "--node_memory=1000"), "100000")).jobId();
        slurm.awaitRunning(job, JOB_TIMEOUT);
        String shown = slurm.client("scontrol", "show", "job", job);
        assertTrue(shown.contains("NumCPUs=3") && shown.contains("mem=3000M"), shown);
        awaitRuntimeLog(dir.resolve("logs"), "started worker " + slurm.nodeNames().get(1)
                + " (1 computing units) with SrunLauncher", job);
        awaitRuntimeLog(dir.resolve("logs"), "worker " + slurm.nodeNames().get(2) + " connected", job);
        awaitRuntimeLog(dir.resolve("logs"), "worker " + slurm.nodeNames().get(1) + " connected", job);
        List<ProcessHandle> masters = BraidRunner.leftoverProcesses(dir.resolve("logs")).stream()
                .filter(h -> h.info().commandLine().orElse("").contains("io.braid.launcher.BraidRun")).toList();
        assertEquals(1, masters.size(), () -> "masters: " + masters);

        masters.get(0).destroyForcibly();
        assertTrue(slurm.awaitEnd(job, JOB_TIMEOUT).ended());
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        List<String> left = leftovers(dir);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            BraidRunner.sleep(100);
            left = leftovers(dir);
        }
        assertEquals(List.of(), left, "processes left after the master was killed");
    }

    @Test
    void aWorkerInTheMastersNodeTheWorkingDirectoriesAndTheJobsSettings() throws IOException {
        Path dir = tmp.resolve("in-master");
        Path masterWd = Files.createDirectories(dir.resolve("master-wd"));
        Path workerWd = Files.createDirectories(dir.resolve("worker-wd"));
        // a job held until released: the run must wait for it (--job_dependency)
        String first = slurm.client("sbatch", "--parsable", "--hold", "--output=/dev/null", "--wrap=true").strip();
        String job = Enqueue.run(dir, slurm.environment(), withApp(dir, List.of("--num_nodes=2",
                "--worker_in_master_cpus=1", "--master_working_dir=" + masterWd, "--worker_working_dir=" + workerWd,
                "--job_dependency=" + first, "--queue=" + SlurmCluster.PARTITION, "--job_name=in-master",
                "--exec_time=3"), "12")).jobId();
        String shown = slurm.client("scontrol", "show", "job", job);
        for (String field : List.of("JobName=in-master", "Partition=" + SlurmCluster.PARTITION, "TimeLimit=00:03:00",
                "Dependency=afterany:" + first, "WorkDir=" + masterWd, "StdOut=" + dir.resolve("braid-" + job + ".out"))) {
            assertTrue(shown.contains(field), () -> field + " not in " + shown);
        }
        assertEquals("PENDING", slurm.jobState(job).state(), "waits for job " + first);
        slurm.client("scontrol", "release", first);

        SlurmCluster.JobState end = slurm.awaitEnd(job, JOB_TIMEOUT);
        String out = read(dir.resolve("braid-" + job + ".out"));
        assertEquals(new SlurmCluster.JobState("COMPLETED", "0:0"), end, () -> out + read(dir.resolve("braid-" + job
                + ".err")));
        assertTrue(out.lines().anyMatch("sum=662"::equals), out); // sum over i = 1..12 of i*i + 1
        String runtimeLog = read(onlyLogDir(dir.resolve("logs")).resolve("runtime.log"));
        List<String> nodes = slurm.nodeNames();
        assertTrue(runtimeLog.contains("started worker " + nodes.get(0) + " (1 computing units) with LocalProcessLauncher"),
                runtimeLog);
        assertTrue(runtimeLog.contains("started worker " + nodes.get(1) + " (2 computing units) with SrunLauncher"),
                runtimeLog);
        for (String jobOutput : jobOutputs(onlyLogDir(dir.resolve("logs")))) {
            assertTrue(jobOutput.contains("ran in " + workerWd + "/braid-"), jobOutput);
        }
    }

    @Test
    void anXmlRunInsideAnAllocationStartsTheAllocationsNodesWithSrun() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("xml"));
        List<String> nodes = slurm.nodeNames();
        Clusters.Files xml = Clusters.builder().node(nodes.get(1), 2, "Intel", 1).node(nodes.get(2), 2, "Intel", 1)
                .write(dir.resolve("xml"));
        // a batch script of the user's own: braid-run with XML files naming two nodes of its allocation
        Path script = Files.writeString(dir.resolve("job.sh"), "#!/bin/bash\nexec " + Repo.braidRun()
                + " --resources=" + xml.resources() + " --project=" + xml.project() + " --base_log_dir="
                + dir.resolve("logs") + " --log_level=info -cp " + BraidApp.classes("fanout") + " fanout.Main 20\n");
        String job = slurm.client("sbatch", "--parsable", "--nodes=3", "--exclusive",
                "--output=" + dir.resolve("out-%j"), script.toString()).strip();

        SlurmCluster.JobState end = slurm.awaitEnd(job, JOB_TIMEOUT);
        String out = read(dir.resolve("out-" + job));
        assertEquals(new SlurmCluster.JobState("COMPLETED", "0:0"), end, out);
        assertTrue(out.lines().anyMatch("sum=2890"::equals), out); // sum over i = 1..20 of i*i + 1
        String runtimeLog = read(onlyLogDir(dir.resolve("logs")).resolve("runtime.log"));
        for (int i = 1; i < 3; i++) {
            assertTrue(runtimeLog.contains("started worker " + nodes.get(i) + " (2 computing units) with SrunLauncher"),
                    runtimeLog);
        }
    }

    @Test
    void srunDeliversTheWorkerCommandsEnvironmentOnTheNodeNotOnItsCommandLine() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("probe"));
        String node = slurm.nodeNames().get(2);
        // stands for the worker's java on the node: records where it runs, its environment and arguments
        Path fakeJava = Files.writeString(dir.resolve("fake-java"), "#!/bin/sh\n{ echo \"node=$SLURMD_NODENAME\"; "
                + "echo \"secret=$" + PROBE_VARIABLE + "\"; echo \"args=$*\"; "
                + "ip -4 -o addr show eth0; } > probe.txt\n");
        Files.setPosixFilePermissions(fakeJava, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path script = Files.writeString(dir.resolve("job.sh"), "#!/bin/bash\nexec java -cp " + Repo.braidJar() + ":"
                + BraidApp.internalProbe("srunprobe") + " srunprobe.Main " + node + " " + fakeJava + " " + dir.resolve("logs")
                + "\n");
        String job = slurm.client("sbatch", "--parsable", "--nodes=3", "--exclusive",
                "--output=" + dir.resolve("out-%j"), script.toString()).strip();

        SlurmCluster.JobState end = slurm.awaitEnd(job, JOB_TIMEOUT);
        assertEquals(new SlurmCluster.JobState("COMPLETED", "0:0"), end, () -> read(dir.resolve("out-" + job)));
        String probe = read(dir.resolve("logs/workers/" + node + "-wd/probe.txt"));
        String address = slurm.nodes().get(2).address();
        assertTrue(probe.contains("node=" + node + "\n"), probe);
        assertTrue(probe.contains("secret=" + PROBE_VALUE + "\n"), probe);
        assertTrue(probe.contains("--node=" + node) && probe.contains("--bind=" + address), probe);
        assertFalse(probe.lines().filter(l -> l.startsWith("args=")).anyMatch(l -> l.contains(PROBE_VALUE)), probe);
        assertTrue(probe.contains("inet " + address + "/"), "ran inside the node's namespace: " + probe);
    }

    /** The run's processes (master, srun clients, workers) and anything but slurmd in the nodes' namespaces. */
    private static List<String> leftovers(Path dir) {
        List<String> left = new ArrayList<>();
        for (ProcessHandle h : BraidRunner.leftoverProcesses(dir.resolve("logs"))) {
            left.add(h.pid() + " " + h.info().commandLine().orElse("?"));
        }
        for (SlurmCluster.Node n : slurm.nodes()) {
            for (ProcessHandle h : hosts.processes(n.host())) {
                String cmd = h.info().commandLine().orElse("?");
                if (!slurm.isDaemon(h)) {
                    left.add(n.name() + ": " + h.pid() + " " + cmd);
                }
            }
        }
        return left;
    }

    private static List<String> withApp(Path dir, List<String> enqueueArgs, String appArg) {
        List<String> all = new ArrayList<>(enqueueArgs);
        all.addAll(List.of("--log_dir=" + dir.resolve("logs"), "--log_level=info",
                "-cp", BraidApp.classes("fanout").toString(), "fanout.Main", appArg));
        return all;
    }

    private void awaitRuntimeLog(Path logs, String text, String job) {
        long deadline = System.nanoTime() + JOB_TIMEOUT.toNanos();
        while (true) {
            Path dir = Files.isDirectory(logs) ? onlyLogDirOrNull(logs) : null;
            if (dir != null && Files.isRegularFile(dir.resolve("runtime.log"))
                    && read(dir.resolve("runtime.log")).contains(text)) {
                return;
            }
            if (System.nanoTime() > deadline || slurm.jobState(job).ended()) {
                throw new AssertionError("job " + job + " (" + slurm.jobState(job).state() + ") never logged '" + text
                        + "'");
            }
            BraidRunner.sleep(100);
        }
    }

    private static Path onlyLogDir(Path logs) {
        Path d = onlyLogDirOrNull(logs);
        if (d == null) {
            throw new AssertionError("no single run log dir in " + logs);
        }
        return d;
    }

    private static Path onlyLogDirOrNull(Path logs) {
        try (Stream<Path> s = Files.list(logs)) {
            List<Path> dirs = s.filter(Files::isDirectory).toList();
            return dirs.size() == 1 ? dirs.get(0) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static List<String> jobOutputs(Path logDir) throws IOException {
        try (Stream<Path> s = Files.list(logDir.resolve("jobs"))) {
            return s.filter(p -> p.getFileName().toString().contains("partial")).map(SlurmRunTest::read).toList();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
