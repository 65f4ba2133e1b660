package io.braid.it.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real SLURM (Debian's slurmctld, slurmd, munge) on hosts that are network namespaces of this
 * machine: munged once in the root namespace (started here when none runs), slurmctld in the root
 * namespace on the hosts' bridge address, one slurmd per host inside its namespace, a
 * configuration in a temporary directory, the node names in /etc/hosts. Clients find it through
 * {@link #environment()} ({@code SLURM_CONF}). {@link #close()} cancels what still runs and stops
 * every daemon it started, removes its /etc/hosts lines and its files.
 *
 * <p>The settings let several slurmd share one machine without cgroups or accounting (see
 * docs/CLUSTERS.md): linuxproc process tracking, no task plugin, declared (not detected) cores
 * and memory, and per-node spool, pid and log files.
 */
public final class SlurmCluster implements AutoCloseable {
    /** Debian packages the cluster needs. */
    public static final List<String> PACKAGES = List.of("slurmctld", "slurmd", "slurm-client", "munge");
    public static final String PARTITION = "braid";

    /** A node: its SLURM name and its namespace host. */
    public record Node(String name, NetnsHosts.Host host) {
        public String address() {
            return host.address();
        }
    }

    private static final Path HOSTS = Path.of("/etc/hosts");
    private static final Path MUNGE_DIR = Path.of("/run/munge");
    private static final Path MUNGE_KEY = Path.of("/etc/munge/munge.key");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(40);

    private final Path dir;
    private final Path conf;
    private final List<Node> nodes;
    private final String hostsMarker;
    private final List<Process> daemons = new ArrayList<>();
    private Process munged;
    private boolean hostsWritten;
    private boolean closed;
    /** Stops the daemons and restores /etc/hosts when the test JVM ends without {@link #close()}. */
    private final Thread hook = new Thread(this::close, "slurm-cluster-cleanup");

    private SlurmCluster(Path dir, List<Node> nodes) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
        this.nodes = List.copyOf(nodes);
        this.hostsMarker = "# braid-test-slurm " + dir.getFileName();
    }

    /**
     * Starts a cluster with a node on each of {@code hosts} (named {@code braid<subnet>n<i>}), each
     * declaring {@code cpus} cores and {@code memoryMb} MB, with slurmctld on the hosts' bridge
     * address. Returns when every node is idle.
     */
    public static SlurmCluster start(NetnsHosts hosts, int cpus, int memoryMb) {
        HostPackages.ensure(PACKAGES.toArray(String[]::new));
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < hosts.hosts().size(); i++) {
            nodes.add(new Node("braid" + hosts.subnet() + "n" + i, hosts.host(i)));
        }
        String controllerAddress = hosts.bridgeAddress();
        SlurmCluster c;
        try {
            c = new SlurmCluster(Files.createTempDirectory("braid-slurm-"), nodes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(c.hook);
        try {
            c.startMunge();
            c.writeConfiguration(controllerAddress, cpus, memoryMb);
            c.addHostNames();
            c.startDaemons();
            c.awaitIdle();
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** What a SLURM client (sbatch, srun, scancel, sinfo, braid-enqueue) needs to find this cluster. */
    public Map<String, String> environment() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    public List<Node> nodes() {
        return nodes;
    }

    public Path configuration() {
        return conf;
    }

    /** Runs a SLURM client command against this cluster; its output, or an error with it. */
    public String client(String... command) {
        Commands.Result r = Commands.run(30, environment(), List.of(command));
        if (!r.ok()) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + r.output().strip());
        }
        return r.output();
    }

    /** Whether {@code process} is one of this cluster's daemons (slurmctld, a slurmd, munged). */
    public boolean isDaemon(ProcessHandle process) {
        return daemons.stream().anyMatch(d -> d.pid() == process.pid()) || (munged != null && munged.pid() == process.pid());
    }

    /** A job's state and exit code, as {@code scontrol show job} gives them. */
    public record JobState(String state, String exitCode) {
        public boolean ended() {
            return !List.of("PENDING", "CONFIGURING", "RUNNING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING")
                    .contains(state);
        }
    }

    public JobState jobState(String jobId) {
        String out = client("scontrol", "show", "job", "-o", jobId);
        return new JobState(field(out, "JobState"), field(out, "ExitCode"));
    }

    /** Waits until the job has ended (polling scontrol); fails after {@code timeout} naming its state. */
    public JobState awaitEnd(String jobId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JobState s = jobState(jobId);
            if (s.ended()) {
                return s;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job " + jobId + " still " + s.state() + " after " + timeout);
            }
            pause(200);
        }
    }

    /** Waits until the job runs; fails if it ends or is still pending after {@code timeout}. */
    public void awaitRunning(String jobId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JobState s = jobState(jobId);
            if (s.state().equals("RUNNING")) {
                return;
            }
            if (s.ended() || System.nanoTime() > deadline) {
                throw new AssertionError("job " + jobId + " is " + s.state() + ", not running");
            }
            pause(100);
        }
    }

    private static String field(String scontrolOutput, String name) {
        Matcher m = Pattern.compile("\\b" + name + "=(\\S+)").matcher(scontrolOutput);
        if (!m.find()) {
            throw new IllegalStateException("no " + name + " in: " + scontrolOutput.strip());
        }
        return m.group(1);
    }

    /** munged in the root namespace, as user munge; every slurmd and client reaches its socket. */
    private void startMunge() throws IOException {
        if (mungeAnswers()) {
            return;
        }
        if (!Files.exists(MUNGE_KEY)) {
            Commands.check("mungekey", "--create", "--keyfile=" + MUNGE_KEY);
            Commands.check("chown", "munge:munge", MUNGE_KEY.toString());
            Files.setPosixFilePermissions(MUNGE_KEY, PosixFilePermissions.fromString("r--------"));
        }
        Files.createDirectories(MUNGE_DIR);
        Commands.check("chown", "munge:munge", MUNGE_DIR.toString());
        // --foreground: the process is ours to stop at close
        munged = new ProcessBuilder("setpriv", "--reuid=munge", "--regid=munge", "--init-groups", "/usr/sbin/munged",
                "--foreground")
                .redirectErrorStream(true).redirectOutput(dir.resolve("munged.log").toFile()).start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!mungeAnswers()) {
            if (!munged.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("munged did not start: " + read(dir.resolve("munged.log")));
            }
            pause(50);
        }
    }

    private static boolean mungeAnswers() {
        return Commands.run(10, Map.of(), List.of("sh", "-c", "munge -n | unmunge")).ok();
    }

    private void writeConfiguration(String controllerAddress, int cpus, int memoryMb) throws IOException {
        Files.createDirectories(dir.resolve("state"));
        // slurmctld checks that it runs on SlurmctldHost by the short host name (hostname -s)
        String hostname = read(Path.of("/proc/sys/kernel/hostname")).strip().split("\\.")[0];
        StringBuilder b = new StringBuilder();
        b.append("# written by the Braid tests (SlurmCluster) for one test class\n")
                .append("ClusterName=braidtest\n")
                .append("SlurmctldHost=").append(hostname).append('(').append(controllerAddress).append(")\n")
                // a free port in the root namespace; every slurmd has its own namespace, so any port
                .append("SlurmctldPort=").append(freePort()).append('\n')
                .append("SlurmdPort=6818\n")
                .append("SlurmUser=root\nSlurmdUser=root\nAuthType=auth/munge\nCredType=cred/munge\n")
                .append("StateSaveLocation=").append(dir.resolve("state")).append('\n')
                .append("SlurmctldPidFile=").append(dir.resolve("slurmctld.pid")).append('\n')
                .append("SlurmctldLogFile=").append(dir.resolve("slurmctld.log")).append('\n')
                .append("SlurmdSpoolDir=").append(dir.resolve("spool-%n")).append('\n')
                .append("SlurmdPidFile=").append(dir.resolve("slurmd-%n.pid")).append('\n')
                .append("SlurmdLogFile=").append(dir.resolve("slurmd-%n.log")).append('\n')
                .append("ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n")
                .append("JobAcctGatherType=jobacct_gather/none\nSlurmdParameters=config_overrides\n")
                .append("SelectType=select/cons_tres\nSelectTypeParameters=CR_Core_Memory\n")
                .append("MpiDefault=none\nReturnToService=2\n")
                // finished jobs stay visible to scontrol for 5 min; steps get 5 s between SIGTERM and SIGKILL
                .append("MinJobAge=300\nKillWait=5\n");
        for (Node n : nodes) {
            b.append("NodeName=").append(n.name()).append(" NodeAddr=").append(n.address()).append(" CPUs=")
                    .append(cpus).append(" RealMemory=").append(memoryMb).append(" State=UNKNOWN\n");
        }
        b.append("PartitionName=").append(PARTITION).append(" Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n");
        Files.writeString(conf, b.toString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The node names, in SLURM's order. */
    public List<String> nodeNames() {
        return nodes.stream().map(Node::name).toList();
    }

    /** The node names in /etc/hosts (every namespace shares the file), each line marked as this cluster's. */
    private void addHostNames() throws IOException {
        removeStaleHostNames();
        StringBuilder lines = new StringBuilder();
        for (Node n : nodes) {
            lines.append(n.address()).append(' ').append(n.name()).append(' ').append(hostsMarker).append('\n');
        }
        String current = read(HOSTS);
        hostsWritten = true;
        Files.writeString(HOSTS, (current.endsWith("\n") || current.isEmpty() ? current : current + "\n") + lines);
    }

    /** Lines a cluster whose directory is gone left (its test JVM was killed): they would shadow our names. */
    private static void removeStaleHostNames() throws IOException {
        String tag = "# braid-test-slurm ";
        String tmp = System.getProperty("java.io.tmpdir");
        List<String> lines = read(HOSTS).lines().toList();
        List<String> kept = lines.stream().filter(l -> !l.contains(tag)
                || Files.isDirectory(Path.of(tmp, l.substring(l.indexOf(tag) + tag.length()).strip()))).toList();
        if (kept.size() != lines.size()) {
            Files.writeString(HOSTS, String.join("\n", kept) + "\n");
        }
    }

    private void removeHostNames() throws IOException {
        if (!hostsWritten) {
            return;
        }
        List<String> kept = read(HOSTS).lines().filter(l -> !l.endsWith(hostsMarker)).toList();
        Files.writeString(HOSTS, String.join("\n", kept) + "\n");
    }

    /** slurmctld here and one slurmd in each node's namespace, in the foreground, as children of this JVM. */
    private void startDaemons() throws IOException {
        daemons.add(daemon(List.of("slurmctld", "-D", "-i", "-f", conf.toString()), "slurmctld.out"));
        for (Node n : nodes) {
            // nsenter, not "ip netns exec": that remounts /sys, and slurmd then finds no cgroup file system
            daemons.add(daemon(List.of("nsenter", "--net=/run/netns/" + n.host().namespace(), "slurmd", "-D", "-f",
                    conf.toString(), "-N", n.name()), "slurmd-" + n.name() + ".out"));
        }
    }

    private Process daemon(List<String> command, String output) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(output).toFile()).start();
    }

    private void awaitIdle() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "";
        while (true) {
            for (Process d : daemons) {
                if (!d.isAlive()) {
                    throw new IllegalStateException("SLURM daemon " + d.info().command().orElse("?") + " exited; see "
                            + dir);
                }
            }
            try {
                last = client("sinfo", "-h", "-N", "-o", "%N %t");
                long idle = last.lines().filter(l -> l.endsWith(" idle")).count();
                if (idle == nodes.size()) {
                    return;
                }
            } catch (IllegalStateException e) {
                last = e.getMessage(); // slurmctld not answering yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("SLURM nodes not idle within " + START_TIMEOUT + ": " + last.strip()
                        + "; see " + dir);
            }
            pause(100);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook finds this cluster closed
            }
        }
        List<Throwable> problems = new ArrayList<>();
        if (!daemons.isEmpty() && daemons.get(0).isAlive()) {
            try {
                cancelAll();
            } catch (RuntimeException e) {
                problems.add(e);
            }
        }
        // slurmd first (they end their job steps), then slurmctld, then munged if it is ours
        for (int i = daemons.size() - 1; i >= 0; i--) {
            stop(daemons.get(i));
        }
        if (munged != null) {
            stop(munged);
        }
        try {
            removeHostNames();
        } catch (IOException e) {
            problems.add(e);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            problems.add(e);
        }
        if (!problems.isEmpty()) {
            IllegalStateException e = new IllegalStateException("closing the SLURM cluster: " + problems.get(0));
            problems.forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Cancels every job of the cluster and waits until none is listed and every node is idle again. */
    public void cancelAll() {
        client("scancel", "--partition=" + PARTITION);
        awaitNoJobs();
        awaitIdle();
    }

    private void awaitNoJobs() {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!client("squeue", "-h", "-o", "%i").isBlank()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("SLURM jobs still listed 20 s after scancel");
            }
            pause(200);
        }
    }

    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "";
        }
    }

    /** Between polls of a condition with a deadline. */
    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
