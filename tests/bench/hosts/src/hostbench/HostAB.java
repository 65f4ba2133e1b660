package hostbench;

import io.braid.it.hosts.NetnsHosts;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Before/after runs of the 4-host throughput, for tests/bench/hosts/cpu-ab:
 * {@code HostAB <variants> <bench.Main classes> <work dir> <tasks> <rounds>} runs
 * {@code bench.Main throughput <tasks>} on 1 host of 4 units, then on 4 hosts of 1 unit, for each
 * variant in turn, in each round. A variant is {@code <braid-run>|<worker JVM options>} (the
 * options comma-separated, possibly none); variants are separated by {@code ;}. Prints
 * {@code RUN v<i>-<one|four> <round> <epoch ms>}, the run's RESULT lines and {@code END ...}; each
 * run's logs stay in {@code <work dir>/logs-v<i>-<one|four>-<round>}. Root only.
 */
public final class HostAB {
    private HostAB() {
    }

    public static void main(String[] args) throws Exception {
        String[] variants = args[0].split(";");
        Path classes = Path.of(args[1]);
        Path work = Path.of(args[2]);
        int tasks = Integer.parseInt(args[3]);
        int rounds = Integer.parseInt(args[4]);
        try (NetnsHosts hosts = NetnsHosts.create(9, 4)) {
            HostBench.Runner xmls = new HostBench.Runner(null, classes, work, hosts);
            Path one = xmls.xml("one", hosts.hosts().subList(0, 1), 4);
            Path four = xmls.xml("four", hosts.hosts().subList(0, 4), 1);
            for (int round = 0; round < rounds; round++) {
                for (int v = 0; v < variants.length; v++) {
                    String[] variant = variants[v].split("\\|", -1);
                    run(variant[0], variant.length > 1 ? variant[1] : "", one, "v" + v + "-one", round, classes, work, tasks, hosts);
                    run(variant[0], variant.length > 1 ? variant[1] : "", four, "v" + v + "-four", round, classes, work, tasks, hosts);
                }
            }
        }
    }

    private static void run(String braidRun, String workerOpts, Path xml, String name, int round, Path classes, Path work,
                            int tasks, NetnsHosts hosts) throws Exception {
        Path logs = Files.createDirectories(work.resolve("logs-" + name + "-" + round));
        List<String> cmd = new ArrayList<>(List.of("bash", braidRun, "--base_log_dir=" + logs,
                "--resources=" + xml.resolve("resources.xml"), "--project=" + xml.resolve("project.xml"),
                "-cp", classes.toString()));
        if (!workerOpts.isBlank()) {
            cmd.add("--jvm_workers_opts=" + workerOpts);
        }
        cmd.addAll(List.of("bench.Main", "throughput", Integer.toString(tasks)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(logs.resolve("braid-run.err").toFile());
        pb.environment().putAll(hosts.sshEnvironment());
        System.out.println("RUN " + name + " " + round + " " + System.currentTimeMillis());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("braid-run (" + name + ", round " + round + ") failed: " + out);
        }
        out.lines().filter(l -> l.startsWith("RESULT ")).forEach(l -> System.out.println(name + " " + round + " " + l));
        System.out.println("END " + name + " " + round + " " + System.currentTimeMillis());
    }
}
