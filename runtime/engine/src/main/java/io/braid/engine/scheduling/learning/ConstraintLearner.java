package io.braid.engine.scheduling.learning;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The learning phase of one I/O task type with an auto storage-bandwidth constraint, on its
 * learning node. Pure: it is told when an epoch starts and how its tasks ended, and says which
 * value to try next; the caller runs the tasks and measures them (time is passed in).
 *
 * <p>Values tried, in order (never above the learning node's bandwidth B, with E I/O executors):
 * <ul>
 *   <li>{@code auto}: B / E, then doubled each epoch. It stops after an epoch whose mean task
 *       time is not at most half the previous epoch's (halving the concurrency no longer pays),
 *       or when the next value would exceed B.</li>
 *   <li>{@code auto(min,max,delta)}: min, min*delta, min*delta^2, ... up to max (and B). Every
 *       value is tried; a value that gives the learning node the same concurrency as the value
 *       before it is not run again: it takes the earlier epoch's time
 *       ({@link Epoch.Kind#SAME_CONCURRENCY}).</li>
 * </ul>
 *
 * <p>An epoch is {@code wavesPerEpoch * concurrency(c)} tasks of the type on the learning node
 * at value c (as many waves of the node's concurrency at c), while no other I/O task runs there;
 * its time t(c) is the mean execution time of its tasks. Remainder: when fewer tasks than that
 * are available, the caller may still run them as a partial epoch (so that the run never waits
 * for tasks that will not come), or {@link #shorten} an epoch whose last tasks never came; a
 * partial epoch, or one in which a task failed, is recorded but not used, and the same value is
 * tried again with the next tasks. A type that never has enough ready tasks therefore keeps
 * learning at its first value.
 */
public final class ConstraintLearner {

    private final AutoBandwidth spec;
    private final NodeCapacity node;
    private final int wavesPerEpoch;
    private final List<Double> values = new ArrayList<>();
    private final List<Epoch> epochs = new ArrayList<>();
    /** Last measured time per value index, -1 when not measured. */
    private final long[] timeOf;
    private int step;
    private boolean finished;
    private String stopReason;

    private int started;
    private int ended;
    private int succeeded;
    private long sumNanos;
    private boolean lost;

    /**
     * @param spec          the type's auto constraint
     * @param learningNode  the learning node (bandwidth declared, at least one I/O executor)
     * @param wavesPerEpoch how many times the node's concurrency an epoch runs (at least 1)
     * @throws IllegalArgumentException when no value of the spec fits the node
     */
    public ConstraintLearner(AutoBandwidth spec, NodeCapacity learningNode, int wavesPerEpoch) {
        if (learningNode.bandwidthMBs() <= 0 || learningNode.ioExecutors() < 1 || wavesPerEpoch < 1) {
            throw new IllegalArgumentException("a learning node needs a declared bandwidth and an I/O executor");
        }
        this.spec = spec;
        this.node = learningNode;
        this.wavesPerEpoch = wavesPerEpoch;
        double bw = learningNode.bandwidthMBs();
        double v = spec.bounded() ? spec.min() : bw / learningNode.ioExecutors();
        double last = spec.bounded() ? Math.min(spec.max(), bw) : bw;
        while (v <= last * (1 + 1e-12) + NodeCapacity.EPS) {
            values.add(v);
            v *= spec.delta();
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException(spec + ": the first value " + AutoBandwidth.num(spec.min())
                    + " MB/s is above the learning node's bandwidth " + AutoBandwidth.num(bw) + " MB/s");
        }
        timeOf = new long[values.size()];
        java.util.Arrays.fill(timeOf, -1);
    }

    /** The first value the spec tries on a node (what the type runs with before it learns). */
    public static double firstValue(AutoBandwidth spec, NodeCapacity node) {
        return spec.bounded() ? spec.min() : node.bandwidthMBs() / Math.max(1, node.ioExecutors());
    }

    public AutoBandwidth spec() {
        return spec;
    }

    public NodeCapacity learningNode() {
        return node;
    }

    /** Every value this learner may try, in order. */
    public List<Double> values() {
        return Collections.unmodifiableList(values);
    }

    public boolean finished() {
        return finished;
    }

    /** Why learning stopped (null while it goes on). */
    public String stopReason() {
        return stopReason;
    }

    /** The value of the running epoch, or of the next one. */
    public double constraint() {
        return values.get(step);
    }

    /** How many tasks the learning node runs at once at {@link #constraint()}. */
    public int concurrency() {
        return node.concurrency(constraint());
    }

    /** Tasks a full epoch runs. */
    public int epochSize() {
        return wavesPerEpoch * concurrency();
    }

    /**
     * Tasks the epoch after the running one (or after the next one, when none runs) needs if
     * learning goes on: 0 when it cannot go on. Values a bounded range skips (same concurrency)
     * are skipped here too.
     */
    public int nextEpochSize() {
        int next = finished ? values.size() : nextRunStep(step);
        return next < values.size() ? wavesPerEpoch * node.concurrency(values.get(next)) : 0;
    }

    /**
     * The index of the value run after value {@code from} (values.size() when none): the next
     * one, except that a bounded range skips values with {@code from}'s concurrency.
     */
    private int nextRunStep(int from) {
        int s = from + 1;
        while (spec.bounded() && s < values.size()
                && node.concurrency(values.get(s)) == node.concurrency(values.get(from))) {
            s++;
        }
        return s;
    }

    public boolean epochRunning() {
        return started > 0;
    }

    /** How many tasks the running epoch started with (0 when none runs). */
    public int epochTasks() {
        return started;
    }

    /** The epochs so far, in the order they ended. */
    public List<Epoch> epochs() {
        return Collections.unmodifiableList(epochs);
    }

    /**
     * An epoch starts with {@code tasks} tasks at {@link #constraint()} (fewer than
     * {@link #epochSize()} make it partial).
     */
    public void startEpoch(int tasks) {
        if (finished || started > 0) {
            throw new IllegalStateException(finished ? "learning has finished" : "an epoch is running");
        }
        if (tasks < 1 || tasks > epochSize()) {
            throw new IllegalArgumentException("an epoch runs 1.." + epochSize() + " tasks, not " + tasks);
        }
        started = tasks;
        ended = 0;
        succeeded = 0;
        sumNanos = 0;
        lost = false;
    }

    /**
     * A task of the running epoch finished well after {@code runNanos}.
     *
     * @return the epoch, when this was its last task; null otherwise
     */
    public Epoch taskFinished(long runNanos) {
        checkRunning();
        succeeded++;
        sumNanos += Math.max(0, runNanos);
        return taskEnded();
    }

    /**
     * A task of the running epoch failed or was lost with its worker: the epoch is not used.
     *
     * @return the epoch, when this was its last task; null otherwise
     */
    public Epoch taskFailed() {
        checkRunning();
        lost = true;
        return taskEnded();
    }

    /**
     * The running epoch gets no more than {@code tasks} tasks after all (the others it was
     * started with never became ready): it ends, as a partial epoch, once that many ended.
     *
     * @return the epoch, when that many have already ended; null otherwise
     */
    public Epoch shorten(int tasks) {
        checkRunning();
        if (tasks < Math.max(1, ended) || tasks > started) {
            throw new IllegalArgumentException("the running epoch has " + ended + " of " + started
                    + " tasks ended; it cannot have " + tasks);
        }
        started = tasks;
        return ended < started ? null : close();
    }

    private void checkRunning() {
        if (started == 0) {
            throw new IllegalStateException("no epoch is running");
        }
    }

    private Epoch taskEnded() {
        return ++ended < started ? null : close();
    }

    private Epoch close() {
        int tasks = started;
        started = 0;
        double c = constraint();
        long mean = succeeded == 0 ? -1 : sumNanos / succeeded;
        if (lost || tasks < epochSize()) {
            return record(new Epoch(0, c, concurrency(), tasks, mean, Epoch.Kind.PARTIAL));
        }
        Epoch e = record(new Epoch(0, c, concurrency(), tasks, mean, Epoch.Kind.MEASURED));
        timeOf[step] = mean;
        advance();
        return e;
    }

    private void advance() {
        if (!spec.bounded() && step > 0 && timeOf[step] > timeOf[step - 1] / 2.0) {
            stop("mean time " + ms(timeOf[step]) + " ms is not at most half of " + ms(timeOf[step - 1]) + " ms");
            return;
        }
        int measured = step;
        int run = nextRunStep(measured);
        for (step = measured + 1; step < run; step++) {
            timeOf[step] = timeOf[measured];
            record(new Epoch(0, values.get(step), node.concurrency(values.get(step)), 0, timeOf[measured],
                    Epoch.Kind.SAME_CONCURRENCY));
        }
        if (step >= values.size()) {
            step = values.size() - 1;
            double next = values.get(step) * spec.delta();
            stop(spec.bounded() && next > spec.max() * (1 + 1e-12) ? "reached max " + AutoBandwidth.num(spec.max()) + " MB/s"
                    : "the next value " + AutoBandwidth.num(next) + " MB/s is above the learning node's bandwidth");
        }
    }

    private void stop(String reason) {
        finished = true;
        stopReason = reason;
    }

    private Epoch record(Epoch e) {
        Epoch numbered = new Epoch(epochs.size() + 1, e.constraint(), e.concurrency(), e.tasks(), e.meanNanos(), e.kind());
        epochs.add(numbered);
        return numbered;
    }

    /**
     * The value to apply for {@code readyTasks} ready tasks over {@code nodes} (see
     * {@link ConstraintObjective}); null before any epoch was measured.
     */
    public ConstraintObjective.Choice choose(int readyTasks, List<NodeCapacity> nodes, double tieTolerance) {
        return ConstraintObjective.choose(epochs, readyTasks, nodes, tieTolerance);
    }

    private static String ms(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e6);
    }
}
