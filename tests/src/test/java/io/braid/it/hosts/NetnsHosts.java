package io.braid.it.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Hosts on this machine: each a network namespace with its own address on a bridge of the root
 * namespace, running its own sshd that lets in a key made for the test. Worker JVMs started over
 * ssh run inside those namespaces, so they reach the master (on the bridge address) over a
 * network that a test can cut. The hosts share the file system (a shared disk) and the hostname.
 *
 * <p>Subnet {@code 10.213.<subnet>.0/24}: bridge {@code 10.213.<subnet>.1}, host i (from 0)
 * {@code 10.213.<subnet>.<10+i>}. The subnet asked for is a first choice: a subnet is claimed
 * with a lock file ({@code /run/braid-netns/<subnet>.lock}, held while the hosts exist), so
 * that test JVMs running at the same time (other checkouts on the same machine) take different
 * ones; use {@link #subnet()} and {@link #bridgeAddress()}. A claimed subnet's leftovers are
 * those of a run that died (its lock went with it): {@link #create} removes them first;
 * {@link #close} (also run by a shutdown hook) removes namespaces, bridge, sshd processes,
 * every process left in the namespaces, and the temp dir.
 *
 * <pre>
 * try (NetnsHosts hosts = NetnsHosts.create(1, 3)) {
 *     runner.env(hosts.sshEnvironment()) ... hosts.host(0).address() ...
 * }
 * </pre>
 */
public final class NetnsHosts implements AutoCloseable {
    /** Extra ssh options the launcher honours (SshLauncher.OPTIONS_ENV). */
    public static final String SSH_OPTIONS_ENV = "BRAID_SSH_OPTIONS";

    private static final String SSHD = "/usr/sbin/sshd";

    /** One namespace host. */
    public record Host(String namespace, String address) {
    }

    /** Subnets claimed by this JVM: closing any channel of a lock file would drop the JVM's lock on it. */
    private static final java.util.Set<Integer> CLAIMED = new java.util.HashSet<>();
    private static final Path LOCKS = Path.of("/run/braid-netns");

    private final int subnet;
    private final java.nio.channels.FileChannel lock;
    private final Path dir;
    private final List<Host> hosts = new ArrayList<>();
    private final List<Process> sshds = new ArrayList<>();
    private final Thread hook;
    private boolean closed;

    private NetnsHosts(int subnet, java.nio.channels.FileChannel lock, Path dir) {
        this.subnet = subnet;
        this.lock = lock;
        this.dir = dir;
        this.hook = new Thread(this::close, "netns-hosts-cleanup-" + subnet);
    }

    /** {@code count} hosts, each running sshd, on subnet {@code subnet} (1..254) or the next free one. */
    public static NetnsHosts create(int subnet, int count) {
        return create(subnet, count, count);
    }

    /**
     * {@code count} hosts of which the first {@code withSshd} run sshd (the others have an address
     * but nothing answers ssh there: a host that never comes up).
     */
    public static NetnsHosts create(int subnet, int count, int withSshd) {
        if (subnet < 1 || subnet > 254 || count < 1 || count > 200) {
            throw new IllegalArgumentException("subnet 1..254 and 1..200 hosts");
        }
        HostPackages.requireRootAndNetns();
        HostPackages.ensure("openssh-server", "openssh-client");
        NetnsHosts h;
        try {
            Files.createDirectories(LOCKS);
            int[] claimed = new int[1];
            java.nio.channels.FileChannel lock = claim(subnet, claimed);
            removeLeftovers(claimed[0]);
            h = new NetnsHosts(claimed[0], lock, Files.createTempDirectory("braid-netns-" + claimed[0] + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(h.hook);
        try {
            h.setUp(count, withSshd);
        } catch (RuntimeException e) {
            h.close();
            throw e;
        }
        return h;
    }

    public int subnet() {
        return subnet;
    }

    /** The root namespace's address on the bridge: where the master runs. */
    public String bridgeAddress() {
        return "10.213." + subnet + ".1";
    }

    public List<Host> hosts() {
        return List.copyOf(hosts);
    }

    public Host host(int i) {
        return hosts.get(i);
    }

    /** The test's ssh configuration (identity, no host-key check) for the subnet's addresses. */
    public Path sshConfig() {
        return dir.resolve("ssh_config");
    }

    /** The environment a braid-run needs to reach the hosts with ssh: {@code BRAID_SSH_OPTIONS=-F <config>}. */
    public Map<String, String> sshEnvironment() {
        return Map.of(SSH_OPTIONS_ENV, "-F " + sshConfig());
    }

    /** Runs a command inside the host's namespace, to completion. */
    public Commands.Result exec(Host h, String... cmd) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", h.namespace()));
        full.addAll(List.of(cmd));
        return Commands.run(60, Map.of(), full);
    }

    /** Cuts the host off the network (its link goes down): no clean close reaches anyone. */
    public void cutOff(Host h) {
        Commands.check("ip", "netns", "exec", h.namespace(), "ip", "link", "set", "eth0", "down");
    }

    /** Puts a cut-off host back on the network. */
    public void reconnect(Host h) {
        Commands.check("ip", "netns", "exec", h.namespace(), "ip", "link", "set", "eth0", "up");
        Commands.check("ip", "netns", "exec", h.namespace(), "ip", "route", "replace", "default", "via", bridgeAddress());
    }

    /** The processes running inside the host's namespace (its sshd included). */
    public List<ProcessHandle> processes(Host h) {
        return pidsIn(h.namespace());
    }

    /** The host's processes other than its listening sshd: workers, their ssh sessions, ... */
    public List<ProcessHandle> processesOtherThanSshd(Host h) {
        int i = hosts.indexOf(h);
        long sshd = i >= 0 && i < sshds.size() ? sshds.get(i).pid() : -1; // ip netns exec execs sshd: same pid
        return processes(h).stream().filter(p -> p.pid() != sshd).toList();
    }

    /** Kills every process of the host except its sshd (a crashed host that still answers ssh). */
    public void killProcesses(Host h) {
        for (ProcessHandle p : processesOtherThanSshd(h)) {
            p.destroyForcibly();
        }
    }

    private void setUp(int count, int withSshd) {
        String bridge = bridgeName(subnet);
        Commands.check("ip", "link", "add", bridge, "type", "bridge");
        Commands.check("ip", "addr", "add", bridgeAddress() + "/24", "dev", bridge);
        Commands.check("ip", "link", "set", bridge, "up");
        for (int i = 0; i < count; i++) {
            String ns = namespacePrefix(subnet) + i;
            String veth = "vb" + subnet + "h" + i;
            String addr = "10.213." + subnet + "." + (10 + i);
            Commands.check("ip", "netns", "add", ns);
            hosts.add(new Host(ns, addr));
            Commands.check("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
            Commands.check("ip", "link", "set", veth, "master", bridge);
            Commands.check("ip", "link", "set", veth, "up");
            Commands.check("ip", "netns", "exec", ns, "ip", "addr", "add", addr + "/24", "dev", "eth0");
            Commands.check("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up");
            Commands.check("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            Commands.check("ip", "netns", "exec", ns, "ip", "route", "add", "default", "via", bridgeAddress());
        }
        if (withSshd > 0) {
            startSshds(withSshd);
        }
    }

    private void startSshds(int n) {
        try {
            Commands.check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id").toString());
            Commands.check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
            Files.copy(dir.resolve("id.pub"), dir.resolve("authorized_keys"));
            Files.writeString(sshConfig(), "Host 10.213." + subnet + ".*\n"
                    + "  IdentityFile " + dir.resolve("id") + "\n"
                    + "  IdentitiesOnly yes\n"
                    + "  StrictHostKeyChecking no\n"
                    + "  UserKnownHostsFile /dev/null\n"
                    + "  LogLevel ERROR\n");
            Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege-separation directory
            for (int i = 0; i < n; i++) {
                Host h = hosts.get(i);
                Process p = new ProcessBuilder("ip", "netns", "exec", h.namespace(), SSHD, "-D", "-e",
                        "-o", "ListenAddress=" + h.address(), "-o", "HostKey=" + dir.resolve("host_key"),
                        "-o", "AuthorizedKeysFile=" + dir.resolve("authorized_keys"),
                        "-o", "PidFile=" + dir.resolve("sshd-" + i + ".pid"), "-o", "UsePAM=no",
                        "-o", "StrictModes=no", "-o", "PermitRootLogin=prohibit-password")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("sshd-" + i + ".log").toFile()))
                        .start();
                sshds.add(p);
            }
            for (int i = 0; i < n; i++) {
                awaitSsh(hosts.get(i), sshds.get(i), i);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the host's sshd accepts connections and a batch-mode login works. */
    private void awaitSsh(Host h, Process sshd, int i) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            if (!sshd.isAlive()) {
                throw new IllegalStateException("sshd of " + h.address() + " exited: "
                        + Files.readString(dir.resolve("sshd-" + i + ".log")).strip());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(h.address(), 22), 1_000);
                break;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("sshd of " + h.address() + " did not listen within 30 s");
                }
            }
            pause(50);
        }
        Commands.Result r = Commands.run(30, Map.of(), List.of("ssh", "-F", sshConfig().toString(), "-o", "BatchMode=yes",
                h.address(), "true"));
        if (!r.ok()) {
            throw new IllegalStateException("ssh into " + h.address() + " fails: " + r.output().strip());
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Process p : sshds) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        removeLeftovers(subnet);
        deleteTree(dir);
        synchronized (CLAIMED) {
            try {
                lock.close(); // releases the subnet
            } catch (IOException e) {
                // the lock goes with the process anyway
            }
            CLAIMED.remove(subnet);
        }
        if (Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs and finds everything closed
            }
        }
    }

    /** Claims the first subnet from {@code preferred} on that no JVM holds; its number goes to {@code claimed[0]}. */
    private static java.nio.channels.FileChannel claim(int preferred, int[] claimed) throws IOException {
        synchronized (CLAIMED) {
            for (int i = 0; i < 254; i++) {
                int k = (preferred - 1 + i) % 254 + 1;
                if (CLAIMED.contains(k)) {
                    continue;
                }
                var ch = java.nio.channels.FileChannel.open(LOCKS.resolve(k + ".lock"),
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                if (ch.tryLock() != null) {
                    CLAIMED.add(k);
                    claimed[0] = k;
                    return ch;
                }
                ch.close(); // this JVM holds no lock on it (CLAIMED), so nothing of ours is dropped
            }
        }
        throw new IllegalStateException("every subnet 10.213.1-254.0/24 is taken by other test runs");
    }

    private static String bridgeName(int subnet) {
        return "brbraid" + subnet;
    }

    private static String namespacePrefix(int subnet) {
        return "braid" + subnet + "h";
    }

    /** Kills the processes of the subnet's namespaces, deletes them and the bridge (idempotent). */
    private static void removeLeftovers(int subnet) {
        String prefix = namespacePrefix(subnet);
        for (String line : Commands.run("ip", "netns", "list").output().split("\n")) {
            String ns = line.strip().split("\\s+")[0];
            if (!ns.startsWith(prefix)) {
                continue;
            }
            for (int round = 0; round < 3; round++) {
                List<ProcessHandle> procs = pidsIn(ns);
                if (procs.isEmpty()) {
                    break;
                }
                procs.forEach(ProcessHandle::destroyForcibly);
                for (ProcessHandle p : procs) {
                    try {
                        p.onExit().get(5, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        // checked again in the next round
                    }
                }
            }
            Commands.run("ip", "netns", "del", ns);
        }
        // A deleted namespace's veth pairs go away asynchronously: delete the root ends now and
        // wait until the kernel has, or the next create finds their names taken.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<String> links = rootLinks(subnet);
        while (!links.isEmpty()) {
            for (String link : links) {
                Commands.run("ip", "link", "del", link);
            }
            links = rootLinks(subnet);
            if (!links.isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("links " + links + " of an earlier run cannot be removed");
                }
                pause(50);
            }
        }
    }

    /** The subnet's bridge and veth ends in the root namespace. */
    private static List<String> rootLinks(int subnet) {
        List<String> out = new ArrayList<>();
        String veth = "vb" + subnet + "h";
        for (String line : Commands.run("ip", "-o", "link", "show").output().split("\n")) {
            String[] f = line.split(":\\s+", 3);
            if (f.length < 2) {
                continue;
            }
            String name = f[1].strip();
            int at = name.indexOf('@');
            name = at >= 0 ? name.substring(0, at) : name;
            if (name.equals(bridgeName(subnet)) || name.matches(java.util.regex.Pattern.quote(veth) + "\\d+")) {
                out.add(name);
            }
        }
        return out;
    }

    private static List<ProcessHandle> pidsIn(String ns) {
        Commands.Result r = Commands.run("ip", "netns", "pids", ns);
        List<ProcessHandle> out = new ArrayList<>();
        if (!r.ok()) {
            return out;
        }
        for (String pid : r.output().split("\\s+")) {
            if (!pid.isBlank()) {
                ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(out::add);
            }
        }
        return out;
    }

    private static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp dir left behind is harmless
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
