package io.braid.engine.scheduling.learning;

import java.util.List;

/**
 * The constraint to apply once a type has learned: among the measured values c, the one
 * minimising {@code cost(c) = ceil(n / maxConcurrent(c)) * t(c)} for the n ready tasks of the
 * type, where t(c) is the epoch's mean task time and maxConcurrent(c) the sum over the nodes
 * that can host the type of {@link NodeCapacity#concurrency(double)}. The ceiling is the
 * remainder rule: a last, incomplete wave of tasks costs a full t(c). Costs within
 * {@code tieTolerance} (relative) of the lowest are ties, and among ties the largest constraint
 * wins (it holds fewer executors and less bandwidth for the same result). Pure.
 */
public final class ConstraintObjective {

    private ConstraintObjective() {
    }

    /**
     * What was chosen, and why.
     *
     * @param constraint    the chosen value (MB/s)
     * @param maxConcurrent tasks of the type that run at once in the cluster under it
     * @param meanNanos     t(constraint)
     * @param cost          ceil(n / maxConcurrent) * t, in nanoseconds
     * @param readyTasks    the n it was chosen for
     */
    public record Choice(double constraint, int maxConcurrent, long meanNanos, double cost, int readyTasks) {
    }

    /**
     * @param measured     epochs with a time ({@link Epoch#measured()}); others are ignored
     * @param readyTasks   n; values below 1 count as 1
     * @param nodes        the live nodes that can host the type
     * @param tieTolerance relative slack under which two costs tie (0 = exact)
     * @return the choice, or null when no measured value runs on any node
     */
    public static Choice choose(List<Epoch> measured, int readyTasks, List<NodeCapacity> nodes, double tieTolerance) {
        int n = Math.max(1, readyTasks);
        double best = Double.POSITIVE_INFINITY;
        double[] costs = new double[measured.size()];
        int[] concurrent = new int[measured.size()];
        for (int i = 0; i < measured.size(); i++) {
            Epoch e = measured.get(i);
            costs[i] = Double.NaN;
            if (!e.measured()) {
                continue;
            }
            int mc = maxConcurrent(e.constraint(), nodes);
            if (mc == 0) {
                continue;
            }
            concurrent[i] = mc;
            costs[i] = Math.ceil((double) n / mc) * e.meanNanos();
            best = Math.min(best, costs[i]);
        }
        int pick = -1;
        for (int i = 0; i < measured.size(); i++) {
            if (!Double.isNaN(costs[i]) && costs[i] <= best * (1 + tieTolerance)
                    && (pick < 0 || measured.get(i).constraint() > measured.get(pick).constraint())) {
                pick = i;
            }
        }
        if (pick < 0) {
            return null;
        }
        Epoch e = measured.get(pick);
        return new Choice(e.constraint(), concurrent[pick], e.meanNanos(), costs[pick], n);
    }

    /** Tasks holding {@code constraint} each that run at once over {@code nodes}. */
    public static int maxConcurrent(double constraint, List<NodeCapacity> nodes) {
        int sum = 0;
        for (NodeCapacity c : nodes) {
            sum += c.concurrency(constraint);
        }
        return sum;
    }
}
