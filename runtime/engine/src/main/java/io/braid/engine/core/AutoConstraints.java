package io.braid.engine.core;

import io.braid.engine.monitor.AutoConstraintReport;
import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.LearningPolicy;
import io.braid.engine.task.TaskDefinition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * Tasks whose type has an auto storage-bandwidth constraint, on the core thread: they are held
 * here and given to the scheduler with a concrete bandwidth. Per type (ARCHITECTURE.md section 4,
 * docs/DESIGN.md "Auto storage-bandwidth constraints"):
 *
 * <ul>
 *   <li><b>Learning.</b> The type gets a learning node (the first live node that can run it,
 *       declares a storage bandwidth and is not learning another type) and a
 *       {@link ConstraintLearner}. While it has held tasks the node is reserved: other I/O tasks
 *       are kept off it (compute tasks still go). Once no I/O task runs there, an epoch's tasks
 *       are given to the scheduler together, pinned to the node, at the epoch's value; the next
 *       epoch starts when all of them ended. If fewer tasks are held than an epoch needs, the
 *       epoch waits for more, unless nothing at all is running in the run (they would never
 *       come): then it runs with what there is, as a partial epoch.</li>
 *   <li><b>The other nodes while a type learns</b> ({@link LearningPolicy#SHARED}, the default):
 *       the held tasks the next epoch does not need run on the other nodes at the best value
 *       measured so far (the objective over the epochs measured, for the nodes that learn no
 *       type; the progression's first value before any is measured). The reservation keeps them off the
 *       learning node.
 *       {@link LearningPolicy#EXCLUSIVE}: the type's tasks run on the learning node only while it
 *       learns.</li>
 *   <li><b>Learned.</b> The {@link ConstraintObjective} picks the value for the type's ready tasks
 *       (held + given to the scheduler but not started), again in each scheduling pass after
 *       tasks of the type became ready (once per burst of arrivals). Held tasks are given to the scheduler at that value, no more than can run
 *       at once in the cluster (maxConcurrent), so a new choice applies to all waiting tasks.</li>
 *   <li><b>Waiting for a learning node</b> (every candidate learns another type): tasks run
 *       elsewhere with the first value of the progression. <b>No bandwidth declared</b> on any
 *       node that can run the type: the constraint has no effect; tasks hold none.</li>
 * </ul>
 *
 * A learning node that is lost takes its type back to the start of learning on another node.
 *
 * <p>This class holds the types and routes the core's events; the learning phase is
 * {@link AutoLearning}, the value outside epochs {@link AutoChoice}, the tasks given to the
 * scheduler {@link AutoReleases}, the nodes' roles and capacities {@link LearningNodes}.
 */
final class AutoConstraints {
    /** An epoch runs this many waves of the learning node's concurrency. */
    static final int WAVES_PER_EPOCH = 2;
    /** Costs within 2% of the lowest tie (measurement noise); ties go to the larger constraint. */
    static final double TIE_TOLERANCE = 0.02;

    private final LearningNodes nodes;
    private final AutoReleases releases;
    private final AutoChoice choice;
    private final AutoLearning learning;
    private LearningPolicy policy = LearningPolicy.SHARED;
    private final Map<Integer, AutoType> types = new LinkedHashMap<>();

    AutoConstraints(Scheduler scheduler, IntFunction<String> nodeName, TraceRecorder trace, LongSupplier clockMicros) {
        this.nodes = new LearningNodes(scheduler, nodeName);
        this.releases = new AutoReleases(scheduler);
        this.choice = new AutoChoice(nodes, trace, clockMicros);
        this.learning = new AutoLearning(scheduler, nodes, releases, choice, trace, clockMicros);
    }

    void policy(LearningPolicy policy) {
        this.policy = policy;
    }

    static boolean handles(TaskDefinition def) {
        return def.autoStorageBW() != null && def.request().ioTask();
    }

    /** A task of an auto type is ready: held until {@link #release()} gives it to the scheduler. */
    void ready(ReadyTask task, TaskDefinition def) {
        AutoType a = types.computeIfAbsent(def.typeId(), k -> new AutoType(def));
        a.held.add(task);
        a.arrived = true;
    }

    /** Gives held tasks to the scheduler as each type's state allows; before each scheduling pass. */
    void release() {
        for (AutoType a : types.values()) {
            if (a.state == State.WAITING && !a.held.isEmpty()) {
                learning.start(a); // every type first: spare tasks then avoid all learning nodes
            }
        }
        for (AutoType a : types.values()) {
            if (a.learning()) {
                learning.releaseEpoch(a, false);
                if (policy == LearningPolicy.SHARED) {
                    learning.releaseElsewhere(a);
                }
            } else {
                if (a.arrived && a.state == State.LEARNED) {
                    choice.choose(a);
                }
                while (!a.held.isEmpty() && a.inFlight < a.cap) {
                    releases.give(a, a.held.poll(), a.constraint, -1, -1);
                }
            }
        }
    }

    /**
     * Nothing runs anywhere after a scheduling pass: learning types that wait for more tasks run
     * what they hold as a partial epoch. Returns whether any task was given to the scheduler.
     */
    boolean stalled() {
        boolean any = false;
        for (AutoType a : types.values()) {
            any |= learning.stalled(a);
        }
        return any;
    }

    /** The scheduler started the task. */
    void dispatched(long taskId) {
        releases.dispatched(taskId);
    }

    /**
     * A task given to the scheduler ended: finished well after {@code runNanos} (from
     * {@code startMicros}, worker clock) or, with {@code ok} false, failed or was lost.
     *
     * @return the bandwidth it held (MB/s), -1 when it is not a task of an auto type
     */
    double ended(long taskId, boolean ok, long runNanos, long startMicros) {
        AutoReleases.Released r = releases.ended(taskId);
        if (r == null) {
            return -1;
        }
        learning.taskEnded(r.type(), r.epochSerial(), ok, runNanos, startMicros);
        return r.constraint();
    }

    /** A worker is gone (the scheduler already knows): its learning type starts over elsewhere. */
    void nodeLost(int node) {
        learning.nodeLost(node);
        for (AutoType t : types.values()) {
            if (t.state == State.LEARNED) {
                t.capacities = nodes.capacities(t);
                choice.choose(t);
            } else if (!t.learning()) {
                choice.set(t, t.constraint);
            }
        }
    }

    List<AutoConstraintReport> reports() {
        List<AutoConstraintReport> out = new ArrayList<>();
        types.values().forEach(a -> out.add(a.report()));
        return out;
    }

    /** Tasks held here (not yet given to the scheduler). */
    int heldCount() {
        return types.values().stream().mapToInt(a -> a.held.size()).sum();
    }

    /** A value for the log: whole numbers without decimals. */
    static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v - Math.rint(v)) < 1e-9 ? "%.0f" : "%.3f", v);
    }
}
