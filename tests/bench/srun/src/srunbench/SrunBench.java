package srunbench;

import io.braid.it.hosts.NetnsHosts;
import io.braid.it.hosts.SlurmCluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Start-up over srun on a real SLURM (the test harness's SlurmCluster on 9 namespace hosts of
 * 2 cores): for 1, 4 and 8 worker nodes (an allocation of N+1 nodes, the master on the first),
 * <ul>
 *   <li>{@code srun_startup_<N>nodes}: from braid-run's start inside the job (the job script
 *   notes the time, then execs braid-run --slurm) to the main program running, i.e. every worker
 *   connected (bench.Main ready);</li>
 *   <li>{@code enqueue_to_ready_<N>nodes}: from calling braid-enqueue to the same point, SLURM's
 *   submission and scheduling included.</li>
 * </ul>
 * Prints {@code RESULT <name> <value> <unit>} lines.
 *
 * <p>Usage: {@code SrunBench <scripts dir> <bench.Main classes> <subnet> <work dir>}. Root only.
 */
public final class SrunBench {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(180);

    private SrunBench() {
    }

    public static void main(String[] args) throws Exception {
        Path scripts = Path.of(args[0]);
        Path classes = Path.of(args[1]);
        int subnet = Integer.parseInt(args[2]);
        Path work = Path.of(args[3]);
        try (NetnsHosts hosts = NetnsHosts.create(subnet, 9, 0);
             SlurmCluster slurm = SlurmCluster.start(hosts, 2, 2048)) {
            for (int n : new int[] {1, 4, 8}) {
                Path dir = Files.createDirectories(work.resolve("srun-" + n));
                String script = "#!/bin/bash\necho \"T0 $(date +%s%3N)\"\nexec " + scripts.resolve("braid-run")
                        + " --slurm --base_log_dir=" + dir.resolve("logs") + " -cp " + classes + " bench.Main ready 0\n";
                Path file = dir.resolve("job.sh");
                Files.writeString(file, script);
                String job = run(dir, slurm.environment(), List.of("sbatch", "--parsable", "--nodes=" + (n + 1),
                        "--exclusive", "--output=" + dir.resolve("out-%j"), file.toString())).strip();
                List<String> out = finished(slurm, job, dir.resolve("out-" + job));
                System.out.printf("RESULT srun_startup_%dnodes %d ms%n", n, value(out, "READY ") - value(out, "T0 "));

                Path edir = Files.createDirectories(work.resolve("enqueue-" + n));
                long t0 = System.currentTimeMillis();
                String submitted = run(edir, slurm.environment(), List.of("bash", scripts.resolve("braid-enqueue").toString(),
                        "--num_nodes=" + (n + 1), "--log_dir=" + edir.resolve("logs"), "-cp", classes.toString(),
                        "bench.Main", "ready", "0")).strip();
                String ejob = submitted.substring(submitted.lastIndexOf(' ') + 1);
                List<String> eout = finished(slurm, ejob, edir.resolve("braid-" + ejob + ".out"));
                System.out.printf("RESULT enqueue_to_ready_%dnodes %d ms%n", n, value(eout, "READY ") - t0);
            }
        }
    }

    private static List<String> finished(SlurmCluster slurm, String job, Path out) throws IOException {
        SlurmCluster.JobState end = slurm.awaitEnd(job, JOB_TIMEOUT);
        if (!end.state().equals("COMPLETED")) {
            throw new IllegalStateException("job " + job + " ended " + end + ": " + Files.readString(out));
        }
        return Files.readAllLines(out);
    }

    private static long value(List<String> lines, String prefix) {
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                return Long.parseLong(l.substring(prefix.length()).trim());
            }
        }
        throw new IllegalStateException("no line starting with '" + prefix + "' in " + lines);
    }

    private static String run(Path dir, Map<String, String> env, List<String> cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }
}
