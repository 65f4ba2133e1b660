package iosim;

import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.NodeCapacity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The congestion model at scale, simulated (no processes, simulated clock): N nodes with storage
 * bandwidth B and E I/O executors each, whose disk serves k transfers at once in
 * {@code t(k) = T0 * slowdown(k)} each, {@code slowdown(k) = 1} up to {@code channels} and
 * {@code (k / channels)^1.6} beyond (the shape of tests/apps/java/iotasks CongestedDisk), times
 * a seeded noise of +-{@code noise}. The engine's learner ({@link ConstraintLearner}, the pure
 * component the runtime uses) learns on node 0 as the runtime does (epochs of 2 waves); then
 * {@link ConstraintObjective} chooses the value for the tasks left, which run in waves on every
 * node. Both learning policies of the runtime: shared (the other nodes run the type's spare tasks
 * at the best value measured so far while node 0 learns) and exclusive (they wait).
 *
 * <p>Compared with every static value of the same progression run from the start on every node
 * (no learning): the best static value and its makespan. Prints RESULT lines.
 *
 * <p>Usage: {@code iosim.CongestionSim [nodes] [tasks] [bandwidth] [executors] [channels] [noise]
 * [auto|auto(min,max,delta)]}, defaults 100 20000 800 16 2 0.05 auto.
 */
public final class CongestionSim {
    private static final double T0_MS = 100;
    private static final double EXPONENT = 1.6;

    private final int channels;
    private final double noise;
    private final Random random = new Random(42);

    private CongestionSim(int channels, double noise) {
        this.channels = channels;
        this.noise = noise;
    }

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int tasks = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        double bandwidth = args.length > 2 ? Double.parseDouble(args[2]) : 800;
        int executors = args.length > 3 ? Integer.parseInt(args[3]) : 16;
        int channels = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        double noise = args.length > 5 ? Double.parseDouble(args[5]) : 0.05;
        String spec = args.length > 6 ? args[6] : "auto";
        new CongestionSim(channels, noise).run(nodes, tasks, new NodeCapacity(bandwidth, executors),
                AutoBandwidth.parse(spec), spec);
    }

    private double slowdown(int k) {
        return k <= channels ? 1 : Math.pow((double) k / channels, EXPONENT);
    }

    /** One task's time (ms) with k transfers at once on its node. */
    private double taskMs(int k) {
        return T0_MS * slowdown(k) * (1 + noise * (2 * random.nextDouble() - 1));
    }

    /** Makespan (ms) of n tasks in waves of k per node over the nodes; a wave ends with its slowest task. */
    private double waves(int n, int k, int nodes) {
        double total = 0;
        int perWave = k * nodes;
        for (int left = n; left > 0; left -= perWave) {
            int running = Math.min(perWave, left);
            int perNode = (int) Math.ceil((double) running / nodes);
            double slowest = 0;
            for (int i = 0; i < Math.min(running, k); i++) {
                slowest = Math.max(slowest, taskMs(perNode));
            }
            total += slowest;
        }
        return total;
    }

    /** What one learning run gave: its makespan, learning phase, choice and tasks per phase. */
    private record Outcome(double makespanMs, double learningMs, int learningTasks, int elsewhereTasks, double chosen) {
    }

    /**
     * Learns on node 0 and runs the tasks left on every node. {@code shared}: while node 0 learns,
     * the other nodes run the tasks the next epoch does not need, in waves at the best value
     * measured so far (the progression's first value during the first epoch), as the runtime's
     * shared policy does; otherwise they wait (exclusive policy). A wave started on the other nodes
     * before learning ends finishes before the tasks left start.
     */
    private Outcome learnAndRun(int nodes, int tasks, NodeCapacity node, AutoBandwidth spec, boolean shared) {
        List<NodeCapacity> cluster = Collections.nCopies(nodes, node);
        List<NodeCapacity> others = Collections.nCopies(nodes - 1, node);
        ConstraintLearner learner = new ConstraintLearner(spec, node, 2);
        double clock = 0;
        double othersFree = 0;
        int left = tasks;
        int learningTasks = 0;
        int elsewhere = 0;
        ConstraintObjective.Choice provisional = null;
        while (!learner.finished() && left > 0) {
            double epochStart = clock;
            int k = learner.concurrency();
            int size = Math.min(learner.epochSize(), left);
            learner.startEpoch(size);
            Epoch e = null;
            for (int wave = 0; wave * k < size; wave++) {
                int running = Math.min(k, size - wave * k);
                double slowest = 0;
                for (int i = 0; i < running; i++) {
                    double ms = taskMs(running);
                    slowest = Math.max(slowest, ms);
                    e = learner.taskFinished((long) (ms * 1e6));
                }
                clock += slowest;
            }
            left -= size;
            learningTasks += size;
            if (shared && nodes > 1) {
                int kp = node.concurrency(provisional != null ? provisional.constraint() : learner.values().get(0));
                othersFree = Math.max(othersFree, epochStart);
                int reserve = learner.epochSize(); // kept for the next epoch, as the runtime does
                while (othersFree < clock && left > reserve) {
                    int n = Math.min(kp * (nodes - 1), left - reserve);
                    othersFree += waves(n, kp, nodes - 1);
                    left -= n;
                    elsewhere += n;
                }
            }
            System.out.printf(Locale.ROOT, "%s epoch %d: %.3f MB/s, %d at once, %d tasks, mean %.1f ms%n",
                    shared ? "shared" : "exclusive", e.number(), e.constraint(), e.concurrency(), e.tasks(), e.meanMillis());
            provisional = learner.choose(Math.max(1, left - learner.epochSize()), others, 0.02);
        }
        double learningMs = clock;
        ConstraintObjective.Choice choice = learner.choose(left, cluster, 0.02);
        double chosen = choice == null ? learner.constraint() : choice.constraint();
        double makespan = Math.max(clock, othersFree) + waves(left, node.concurrency(chosen), nodes);
        return new Outcome(makespan, learningMs, learningTasks, elsewhere, chosen);
    }

    private void run(int nodes, int tasks, NodeCapacity node, AutoBandwidth spec, String specText) {
        Outcome shared = learnAndRun(nodes, tasks, node, spec, true);
        Outcome exclusive = learnAndRun(nodes, tasks, node, spec, false);
        ConstraintLearner learner = new ConstraintLearner(spec, node, 2);
        double bestStatic = Double.NaN;
        double bestStaticMs = Double.POSITIVE_INFINITY;
        List<String> sweep = new ArrayList<>();
        for (double c : learner.values()) {
            double ms = waves(tasks, node.concurrency(c), nodes);
            sweep.add(String.format(Locale.ROOT, "%s=%.0f", num(c), ms));
            if (ms < bestStaticMs) {
                bestStaticMs = ms;
                bestStatic = c;
            }
        }
        double optimum = node.bandwidthMBs() / bestConcurrency(node);
        System.out.println("# " + nodes + " nodes (" + num(node.bandwidthMBs()) + " MB/s, "
                + node.ioExecutors() + " I/O executors), " + tasks + " tasks of " + T0_MS + " ms alone, disk best at "
                + channels + " at once, noise +-" + noise + ", " + specText + "; static sweep (MB/s=ms): " + sweep);
        String p = "sim_" + tasks + "t_c" + channels + "_" + specText.replaceAll("[^a-z0-9]+", "_").replaceAll("_$", "") + "_";
        System.out.println("RESULT " + p + "chosen " + num(shared.chosen()) + " MB/s");
        System.out.println("RESULT " + p + "model_optimum " + num(optimum) + " MB/s");
        System.out.println("RESULT " + p + "best_static " + num(bestStatic) + " MB/s");
        System.out.printf(Locale.ROOT, "RESULT %sbest_static_makespan %.0f ms%n", p, bestStaticMs);
        report(p, shared, bestStaticMs);
        System.out.println("RESULT " + p + "elsewhere_tasks " + shared.elsewhereTasks() + " tasks");
        System.out.println("RESULT " + p + "exclusive_chosen " + num(exclusive.chosen()) + " MB/s");
        report(p + "exclusive_", exclusive, bestStaticMs);
    }

    private static void report(String p, Outcome o, double bestStaticMs) {
        System.out.printf(Locale.ROOT, "RESULT %smakespan %.0f ms%n", p, o.makespanMs());
        System.out.printf(Locale.ROOT, "RESULT %svs_best_static %.3f x%n", p, o.makespanMs() / bestStaticMs);
        System.out.printf(Locale.ROOT, "RESULT %slearning %.0f ms%n", p, o.learningMs());
        System.out.println("RESULT " + p + "learning_tasks " + o.learningTasks() + " tasks");
    }

    /** The concurrency with the best throughput k / t(k) a node allows (the model's optimum). */
    private int bestConcurrency(NodeCapacity node) {
        int best = 1;
        for (int k = 1; k <= node.ioExecutors(); k++) {
            if (k / slowdown(k) > best / slowdown(best) + 1e-12) {
                best = k;
            }
        }
        return best;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
