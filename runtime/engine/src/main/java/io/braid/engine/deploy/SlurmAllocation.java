package io.braid.engine.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The SLURM allocation a process runs in, read from the variables SLURM sets in a job:
 * {@code SLURM_JOB_ID}, {@code SLURM_JOB_NODELIST} (compressed), {@code SLURM_JOB_CPUS_PER_NODE}
 * ({@code 4(x3),2}), {@code SLURM_MEM_PER_NODE} or {@code SLURM_MEM_PER_CPU} (MB, set only when
 * the job asked for memory) and {@code SLURMD_NODENAME} (the node this process is on).
 *
 * @param jobId       the job's id
 * @param nodes       the allocation's nodes, in SLURM's order
 * @param cpus        cores allocated on each node, same order
 * @param memoryMb    memory allocated on each node in MB, 0 = not set (the node's)
 * @param currentNode the node this process runs on
 */
public record SlurmAllocation(String jobId, List<String> nodes, List<Integer> cpus, long memoryMb, String currentNode) {

    public SlurmAllocation {
        nodes = List.copyOf(nodes);
        cpus = List.copyOf(cpus);
        if (nodes.size() != cpus.size()) {
            throw new IllegalArgumentException("SLURM allocation of " + nodes.size() + " nodes gives cores for "
                    + cpus.size());
        }
    }

    /**
     * The allocation described by {@code env} (a process's environment).
     *
     * @throws IllegalArgumentException with one line naming the variable that is missing or malformed
     */
    public static SlurmAllocation fromEnvironment(Map<String, String> env) {
        String jobId = require(env, "SLURM_JOB_ID");
        String nodelistVar = env.containsKey("SLURM_JOB_NODELIST") ? "SLURM_JOB_NODELIST" : "SLURM_NODELIST";
        List<String> nodes = SlurmHostlist.expand(require(env, nodelistVar));
        List<Integer> cpus = expandCpus(require(env, "SLURM_JOB_CPUS_PER_NODE"));
        if (cpus.size() != nodes.size()) {
            throw new IllegalArgumentException("SLURM_JOB_CPUS_PER_NODE=" + env.get("SLURM_JOB_CPUS_PER_NODE")
                    + " gives cores for " + cpus.size() + " nodes, " + nodelistVar + " names " + nodes.size());
        }
        long memoryMb = 0;
        if (!blank(env.get("SLURM_MEM_PER_NODE"))) {
            memoryMb = number(env, "SLURM_MEM_PER_NODE");
        } else if (!blank(env.get("SLURM_MEM_PER_CPU"))) {
            // per-CPU memory: the node with the fewest cores bounds what a worker may count on everywhere
            memoryMb = number(env, "SLURM_MEM_PER_CPU") * cpus.stream().mapToInt(Integer::intValue).min().orElse(1);
        }
        String current = env.get("SLURMD_NODENAME");
        if (blank(current)) {
            current = nodes.get(0); // the batch script runs on the first node
        }
        return new SlurmAllocation(jobId, nodes, cpus, memoryMb, current);
    }

    /**
     * The node names of the allocation {@code env} describes, or none when it describes none
     * (not in a job, or variables that do not parse: then nothing is started with srun).
     */
    public static Set<String> nodesOf(Map<String, String> env) {
        if (blank(env.get("SLURM_JOB_ID"))) {
            return Set.of();
        }
        String list = !blank(env.get("SLURM_JOB_NODELIST")) ? env.get("SLURM_JOB_NODELIST") : env.get("SLURM_NODELIST");
        try {
            return blank(list) ? Set.of() : Set.copyOf(SlurmHostlist.expand(list));
        } catch (IllegalArgumentException e) {
            return Set.of();
        }
    }

    /** {@code SLURM_JOB_CPUS_PER_NODE}'s form: counts, each possibly repeated, {@code 2(x3),1} = 2, 2, 2, 1. */
    public static List<Integer> expandCpus(String spec) {
        List<Integer> out = new ArrayList<>();
        for (String part : spec.trim().split(",")) {
            var m = java.util.regex.Pattern.compile("(\\d+)(?:\\(x(\\d+)\\))?").matcher(part.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("malformed SLURM_JOB_CPUS_PER_NODE '" + spec + "'");
            }
            int count = Integer.parseInt(m.group(1));
            int times = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            for (int i = 0; i < times; i++) {
                out.add(count);
            }
        }
        return out;
    }

    private static String require(Map<String, String> env, String name) {
        String v = env.get(name);
        if (blank(v)) {
            throw new IllegalArgumentException(name + " is not set: not inside a SLURM allocation "
                    + "(submit with scripts/braid-enqueue)");
        }
        return v.trim();
    }

    private static long number(Map<String, String> env, String name) {
        try {
            return Long.parseLong(env.get(name).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + env.get(name) + " is not a number of MB");
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
