package io.braid.it.hosts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Debian packages the cluster tests need (openssh-server; slurm and munge for the SLURM tests),
 * installed when missing, so that a fresh machine running {@code mvn -B verify} as root (CI) runs
 * these tests instead of skipping them. Not root, or no {@code ip netns}: the test fails, naming why.
 */
public final class HostPackages {
    private static boolean updated;

    private HostPackages() {
    }

    /** Fails unless this test runs as root on a machine with {@code ip netns} (network namespaces). */
    public static void requireRootAndNetns() {
        if (!"0".equals(Commands.run("id", "-u").output().strip())) {
            throw new IllegalStateException("the cluster tests create network namespaces and daemons: run them as root "
                    + "(e.g. sudo mvn -B verify)");
        }
        ensure("iproute2");
        Commands.Result r = Commands.run("ip", "netns", "list");
        if (!r.ok()) {
            throw new IllegalStateException("'ip netns' does not work here (" + r.output().strip()
                    + "): the cluster tests need network namespaces");
        }
    }

    /** Installs the packages that are not installed yet (apt-get update once per JVM, then apt-get install -y). */
    public static synchronized void ensure(String... packages) {
        List<String> missing = new ArrayList<>();
        for (String p : packages) {
            Commands.Result r = Commands.run("dpkg-query", "-W", "-f=${Status}", p);
            if (!r.ok() || !r.output().contains("install ok installed")) {
                missing.add(p);
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            throw new IllegalStateException("packages " + missing + " are missing and there is no apt-get to install them");
        }
        Map<String, String> env = Map.of("DEBIAN_FRONTEND", "noninteractive");
        if (!updated) {
            Commands.Result u = Commands.run(600, env, List.of("apt-get", "update", "-q"));
            if (!u.ok()) {
                throw new IllegalStateException("apt-get update failed: " + tail(u.output()));
            }
            updated = true;
        }
        List<String> cmd = new ArrayList<>(List.of("apt-get", "install", "-y", "-q", "--no-install-recommends"));
        cmd.addAll(missing);
        Commands.Result i = withoutServiceStarts(() -> Commands.run(900, env, cmd));
        if (!i.ok()) {
            throw new IllegalStateException("apt-get install " + String.join(" ", missing) + " failed: " + tail(i.output()));
        }
    }

    /**
     * Runs the installation with Debian's policy-rc.d saying "do not start services": the tests
     * start their own daemons (sshd per namespace, slurmd, munged) and none may stay behind.
     * An existing policy-rc.d (as in Docker images) is left as it is.
     */
    private static Commands.Result withoutServiceStarts(java.util.function.Supplier<Commands.Result> install) {
        Path policy = Path.of("/usr/sbin/policy-rc.d");
        if (Files.exists(policy)) {
            return install.get();
        }
        try {
            Files.writeString(policy, "#!/bin/sh\n# written by Braid's tests while they install packages\nexit 101\n");
            policy.toFile().setExecutable(true);
            return install.get();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(policy);
            } catch (java.io.IOException e) {
                // left behind: it only stops later package installations from starting services
            }
        }
    }

    private static String tail(String s) {
        String t = s.strip();
        return t.length() > 600 ? "..." + t.substring(t.length() - 600) : t;
    }
}
