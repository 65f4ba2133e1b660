package hostbench;

import io.braid.it.hosts.NetnsHosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Workers on namespace hosts started over ssh (the test harness's NetnsHosts), the master on the
 * bridge address, in one run of this program: no-op throughput and chain latency with workers on
 * 4 hosts vs 1 host (the same computing units in all; the chain after 4 warm-up chains side by
 * side, one per worker, so that it does not run on a cold worker JVM), and the time from starting braid-run to
 * every worker connected for 1, 4 and 8 hosts. Prints {@code RESULT <name> <value> <unit>} lines.
 *
 * <p>Usage: {@code HostBench <braid-run> <bench.Main classes> <subnet> <work dir> [tasks] [links]}. Root only.
 */
public final class HostBench {
    private HostBench() {
    }

    public static void main(String[] args) throws Exception {
        Path braidRun = Path.of(args[0]);
        Path classes = Path.of(args[1]);
        int subnet = Integer.parseInt(args[2]);
        Path work = Path.of(args[3]);
        int tasks = args.length > 4 ? Integer.parseInt(args[4]) : 20_000;
        int links = args.length > 5 ? Integer.parseInt(args[5]) : 2_000;
        try (NetnsHosts hosts = NetnsHosts.create(subnet, 8)) {
            Runner r = new Runner(braidRun, classes, work, hosts);
            Path one = r.xml("one", hosts.hosts().subList(0, 1), 4);
            Path four = r.xml("four", hosts.hosts().subList(0, 4), 1);
            double t1 = r.figure(one, "throughput", tasks, "throughput");
            double t4 = r.figure(four, "throughput", tasks, "throughput");
            double c1 = r.figure(one, "chain", links, "chain_latency", "4");
            double c4 = r.figure(four, "chain", links, "chain_latency", "4");
            System.out.printf("RESULT ssh_throughput_1host %.0f tasks/s%n", t1);
            System.out.printf("RESULT ssh_throughput_4hosts %.0f tasks/s%n", t4);
            System.out.printf("RESULT ssh_throughput_ratio_4_to_1 %.3f%n", t4 / t1);
            System.out.printf("RESULT ssh_chain_latency_1host %.3f ms/link%n", c1);
            System.out.printf("RESULT ssh_chain_latency_4hosts %.3f ms/link%n", c4);
            System.out.printf("RESULT ssh_chain_latency_ratio_4_to_1 %.3f%n", c4 / c1);
            for (int n : new int[] {1, 4, 8}) {
                Path xml = r.xml("start" + n, hosts.hosts().subList(0, n), 1);
                System.out.printf("RESULT ssh_startup_%dhosts %d ms%n", n, r.startup(xml));
            }
        }
    }

    /** Extra JVM options of every worker (braid-run's --jvm_workers_opts, comma-separated), for experiments. */
    static final String WORKER_OPTS_ENV = "HOSTBENCH_WORKER_OPTS";

    record Runner(Path braidRun, Path classes, Path work, NetnsHosts hosts) {
        Path xml(String name, List<NetnsHosts.Host> nodes, int cus) throws IOException {
            Path dir = Files.createDirectories(work.resolve("xml-" + name));
            StringBuilder res = new StringBuilder("<ResourcesList>\n");
            StringBuilder proj = new StringBuilder("<Project>\n");
            for (NetnsHosts.Host h : nodes) {
                res.append("<ComputeNode Name=\"").append(h.address()).append("\"><Processor Name=\"P\"><ComputingUnits>")
                        .append(cus).append("</ComputingUnits></Processor></ComputeNode>\n");
                proj.append("<ComputeNode Name=\"").append(h.address()).append("\"/>\n");
            }
            Files.writeString(dir.resolve("resources.xml"), res.append("</ResourcesList>\n"));
            Files.writeString(dir.resolve("project.xml"), proj.append("</Project>\n"));
            return dir;
        }

        /** Runs bench.Main and returns the value of its RESULT line {@code result}. */
        double figure(Path xml, String mode, int n, String result, String... more) throws Exception {
            for (String line : run(xml, mode, n, more)) {
                if (line.startsWith("RESULT " + result + " ")) {
                    return Double.parseDouble(line.split(" ")[2]);
                }
            }
            throw new IllegalStateException("no RESULT " + result + " from " + mode);
        }

        /** From starting braid-run to its main program running (every worker connected). */
        long startup(Path xml) throws Exception {
            long t0 = System.currentTimeMillis();
            for (String line : run(xml, "ready", 0)) {
                if (line.startsWith("READY ")) {
                    return Long.parseLong(line.substring(6).trim()) - t0;
                }
            }
            throw new IllegalStateException("no READY line");
        }

        List<String> run(Path xml, String mode, int n, String... more) throws Exception {
            List<String> cmd = new ArrayList<>(List.of("bash", braidRun.toString(), "--base_log_dir=" + work.resolve("logs"),
                    "--resources=" + xml.resolve("resources.xml"), "--project=" + xml.resolve("project.xml"),
                    "-cp", classes.toString()));
            String workerOpts = System.getenv(WORKER_OPTS_ENV);
            if (workerOpts != null && !workerOpts.isBlank()) {
                cmd.add("--jvm_workers_opts=" + workerOpts);
            }
            cmd.addAll(List.of("bench.Main", mode, Integer.toString(n)));
            cmd.addAll(List.of(more));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(hosts.sshEnvironment());
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("braid-run " + mode + " failed: " + out);
            }
            return out.lines().toList();
        }
    }
}
