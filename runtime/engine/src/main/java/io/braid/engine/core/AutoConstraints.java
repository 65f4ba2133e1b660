package io.braid.engine.core;

import io.braid.engine.monitor.AutoConstraintReport;
import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.scheduling.NodeResources;
import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.LearningPolicy;
import io.braid.engine.scheduling.learning.NodeCapacity;
import io.braid.engine.task.TaskDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
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
 */
final class AutoConstraints {
    private static final Logger LOG = LoggerFactory.getLogger(AutoConstraints.class);
    /** An epoch runs this many waves of the learning node's concurrency. */
    static final int WAVES_PER_EPOCH = 2;
    /** Costs within 2% of the lowest tie (measurement noise); ties go to the larger constraint. */
    static final double TIE_TOLERANCE = 0.02;
    /** Epoch serial of the tasks a learning type runs on other nodes. */
    private static final int ELSEWHERE = -2;

    private final Scheduler scheduler;
    private final IntFunction<String> nodeName;
    private final TraceRecorder trace;
    private final LongSupplier clockMicros;
    private LearningPolicy policy = LearningPolicy.SHARED;
    private final Map<Integer, AutoType> types = new LinkedHashMap<>();
    private final Map<Long, Released> released = new HashMap<>();
    /** The type learning on each node, or null. */
    private final AutoType[] learningOn;

    private record Released(AutoType type, double constraint, int epochSerial) {
    }

    AutoConstraints(Scheduler scheduler, IntFunction<String> nodeName, TraceRecorder trace, LongSupplier clockMicros) {
        this.scheduler = scheduler;
        this.nodeName = nodeName;
        this.trace = trace;
        this.clockMicros = clockMicros;
        this.learningOn = new AutoType[scheduler.nodeCount()];
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
                startLearning(a); // every type first: spare tasks then avoid all learning nodes
            }
        }
        for (AutoType a : types.values()) {
            if (a.learning()) {
                releaseEpoch(a, false);
                if (policy == LearningPolicy.SHARED) {
                    releaseElsewhere(a);
                }
            } else {
                if (a.arrived && a.state == State.LEARNED) {
                    choose(a);
                }
                while (!a.held.isEmpty() && a.inFlight < a.cap) {
                    give(a, a.held.poll(), a.constraint, -1, -1);
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
            if (a.learning() && a.learner.epochRunning() && a.epochOwed > 0) {
                // Its last tasks never came, and those it got have ended: it ends as a partial epoch.
                Epoch e = a.learner.shorten(a.learner.epochTasks() - a.epochOwed);
                a.epochOwed = 0;
                if (e != null) {
                    epochEnded(a, e);
                }
            }
            if (a.learning() && !a.learner.epochRunning() && !a.held.isEmpty()) {
                any |= releaseEpoch(a, true);
            }
        }
        return any;
    }

    /** The scheduler started the task. */
    void dispatched(long taskId) {
        Released r = released.get(taskId);
        if (r != null) {
            r.type.queued.remove(taskId);
        }
    }

    /**
     * A task given to the scheduler ended: finished well after {@code runNanos} (from
     * {@code startMicros}, worker clock) or, with {@code ok} false, failed or was lost.
     *
     * @return the bandwidth it held (MB/s), -1 when it is not a task of an auto type
     */
    double ended(long taskId, boolean ok, long runNanos, long startMicros) {
        Released r = released.remove(taskId);
        if (r == null) {
            return -1;
        }
        AutoType a = r.type;
        a.inFlight--;
        if (r.epochSerial == ELSEWHERE) {
            a.elsewhere--;
        }
        a.queued.remove(taskId);
        if (a.learning() && r.epochSerial == a.epochSerial && a.learner.epochRunning()) {
            if (ok) {
                a.epochFirstStart = Math.min(a.epochFirstStart, startMicros);
                a.epochLastEnd = Math.max(a.epochLastEnd, startMicros + runNanos / 1000);
            }
            Epoch e = ok ? a.learner.taskFinished(runNanos) : a.learner.taskFailed();
            if (e != null) {
                epochEnded(a, e);
            }
        }
        return r.constraint;
    }

    /** A worker is gone (the scheduler already knows): its learning type starts over elsewhere. */
    void nodeLost(int node) {
        AutoType a = learningOn[node];
        if (a != null) {
            learningOn[node] = null;
            LOG.warn("learning node {} of {} lost: learning starts again on another node", nodeName.apply(node), a.label());
            a.earlierEpochs.addAll(a.learner.epochs());
            a.learner = null;
            a.reserved = false;
            a.epochOwed = 0;
            a.epochSerial++;
            a.state = State.WAITING;
        }
        for (AutoType t : types.values()) {
            if (t.state == State.LEARNED) {
                t.capacities = capacities(t);
                choose(t);
            } else if (!t.learning()) {
                setConstraint(t, t.constraint);
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

    // ---- learning ---------------------------------------------------------------------------------

    private void startLearning(AutoType a) {
        AutoBandwidth spec = a.def.autoStorageBW();
        int candidate = -1;
        int free = -1;
        for (int i = 0; i < learningOn.length && free < 0; i++) {
            NodeCapacity c = capacity(i);
            if (c.bandwidthMBs() > 0 && c.ioExecutors() > 0
                    && scheduler.canHost(i, request(a, ConstraintLearner.firstValue(spec, c)))) {
                candidate = candidate < 0 ? i : candidate;
                free = learningOn[i] == null ? i : -1;
            }
        }
        if (free >= 0) {
            a.learner = new ConstraintLearner(spec, capacity(free), WAVES_PER_EPOCH);
            a.learningNode = free;
            a.learningNodeName = nodeName.apply(free);
            learningOn[free] = a;
            a.state = State.LEARNING;
            LOG.info("{} ({}) learns its storage bandwidth on {}: values {} MB/s, {} tasks per epoch", a.label(), spec,
                    a.learningNodeName, a.learner.values(), a.learner.epochSize());
        } else if (candidate >= 0) {
            setConstraint(a, ConstraintLearner.firstValue(spec, capacity(candidate)));
        } else {
            if (a.state != State.NO_BANDWIDTH) {
                LOG.info("{} ({}): no node that can run it declares a storage bandwidth; it holds none", a.label(), spec);
            }
            a.state = State.NO_BANDWIDTH;
            a.constraint = 0;
            a.cap = Integer.MAX_VALUE;
        }
    }

    /**
     * Starts the next epoch if it can, or gives the running one the tasks it still needs;
     * {@code partial} allows fewer tasks than a full one. A full epoch starts once a wave's worth
     * of tasks is held (the learning node's concurrency at the epoch's value); the rest of its
     * tasks are given to it as they become ready.
     */
    private boolean releaseEpoch(AutoType a, boolean partial) {
        ConstraintLearner l = a.learner;
        if (l.epochRunning()) {
            feedEpoch(a);
            return false;
        }
        if (a.held.isEmpty()) {
            reserve(a, false);
            return false;
        }
        reserve(a, true);
        if (scheduler.view(a.learningNode).usedIoExecutors() > 0) {
            return false; // I/O tasks that started before the reservation: measure without them
        }
        int size = l.epochSize();
        if (a.held.size() < Math.min(size, l.concurrency()) && !partial) {
            return false;
        }
        int n = partial ? Math.min(size, a.held.size()) : size;
        l.startEpoch(n);
        a.epochSerial++;
        a.epochFirstStart = Long.MAX_VALUE;
        a.epochLastEnd = 0;
        a.epochOwed = n;
        feedEpoch(a);
        if (trace != null) {
            trace.counter(a.learningNodeName, "storageBW " + a.label(), clockMicros.getAsLong(), l.constraint());
        }
        return true;
    }

    /** Gives the running epoch the held tasks it still needs, pinned to the learning node. */
    private void feedEpoch(AutoType a) {
        while (a.epochOwed > 0 && !a.held.isEmpty()) {
            give(a, a.held.poll(), a.learner.constraint(), a.learningNode, a.epochSerial);
            a.epochOwed--;
        }
    }

    /**
     * While {@code a} learns: the held tasks beyond what the learning node needs go to the other
     * nodes at the best value measured so far (the progression's first value before any is
     * measured), no more than run there at once. The learning node needs the epoch about to
     * start, or, while one runs, the rest of it and the epoch after it.
     */
    private void releaseElsewhere(AutoType a) {
        ConstraintLearner l = a.learner;
        int keep = l.epochRunning() ? a.epochOwed + l.nextEpochSize() : l.epochSize();
        List<NodeCapacity> others = nodesNotLearning(a);
        if (a.held.size() <= keep || others.isEmpty()) {
            return;
        }
        ConstraintObjective.Choice best = l.choose(a.held.size() - keep + a.elsewhere, others, TIE_TOLERANCE);
        double c = best != null ? best.constraint() : l.values().get(0);
        int cap = Math.max(1, ConstraintObjective.maxConcurrent(c, others));
        if (c != a.provisional) {
            a.provisional = c;
            LOG.info("{} runs on the other nodes at {} MB/s while it learns ({} at once there; {})", a.label(), num(c),
                    cap, best != null ? "the best value measured so far" : "the first value, nothing measured yet");
        }
        while (a.held.size() > keep && a.elsewhere < cap) {
            give(a, a.held.poll(), c, -1, ELSEWHERE);
            a.elsewhere++;
            a.ranElsewhere++;
        }
    }

    private void epochEnded(AutoType a, Epoch e) {
        LOG.info("{} epoch {} on {}: {} MB/s, {} at once, {} tasks, mean {} ms{}", a.label(), e.number(),
                a.learningNodeName, num(e.constraint()), e.concurrency(), e.tasks(), num(e.meanMillis()),
                e.measured() ? "" : " (partial: not used)");
        if (trace != null && a.epochLastEnd > 0) {
            trace.span(a.learningNodeName, "learning " + a.label(), "epoch " + e.number() + ": " + num(e.constraint())
                    + " MB/s x" + e.concurrency(), "learning", a.epochFirstStart, a.epochLastEnd - a.epochFirstStart,
                    Map.of("storageBW", e.constraint(), "concurrency", e.concurrency(), "tasks", e.tasks(),
                            "meanMs", e.meanMillis(), "kind", e.kind().name()));
        }
        if (!a.learner.finished()) {
            return;
        }
        LOG.info("{} learned on {}: {}", a.label(), a.learningNodeName, a.learner.stopReason());
        reserve(a, false);
        learningOn[a.learningNode] = null;
        a.state = State.LEARNED;
        a.capacities = capacities(a);
        choose(a);
    }

    private void reserve(AutoType a, boolean on) {
        if (a.reserved != on) {
            a.reserved = on;
            scheduler.reserveIo(a.learningNode, on);
        }
    }

    // ---- after learning ---------------------------------------------------------------------------

    private void choose(AutoType a) {
        a.arrived = false;
        ConstraintObjective.Choice c = a.learner.choose(a.held.size() + a.queued.size(), a.capacities, TIE_TOLERANCE);
        if (c == null) {
            return; // no measured value runs on a live node any more: keep the last one
        }
        boolean changed = a.choice == null || c.constraint() != a.choice.constraint();
        if (changed) {
            if (a.choice != null) {
                a.changes++;
            }
            LOG.info("{}: storageBW {} MB/s for {} ready tasks ({} at once, {} ms each)", a.label(),
                    num(c.constraint()), c.readyTasks(), c.maxConcurrent(), num(c.meanNanos() / 1e6));
            if (trace != null) {
                long now = clockMicros.getAsLong();
                trace.counter(a.learningNodeName, "storageBW " + a.label(), now, c.constraint());
                trace.instant(a.learningNodeName, "learning " + a.label(), "chosen " + num(c.constraint()) + " MB/s",
                        "learning", now, Map.of("storageBW", c.constraint(), "readyTasks", c.readyTasks(),
                                "maxConcurrent", c.maxConcurrent()));
            }
        }
        a.choice = c;
        setConstraint(a, c.constraint());
    }

    private void setConstraint(AutoType a, double c) {
        a.constraint = c;
        if (a.state != State.LEARNED) {
            a.capacities = capacities(a);
        }
        a.cap = Math.max(1, ConstraintObjective.maxConcurrent(c, a.capacities));
    }

    // ---- helpers ------------------------------------------------------------------------------------

    private void give(AutoType a, ReadyTask t, double constraint, int onlyNode, int epochSerial) {
        scheduler.addReady(t.with(request(a, constraint), onlyNode));
        released.put(t.taskId(), new Released(a, constraint, epochSerial));
        a.queued.add(t.taskId());
        a.inFlight++;
    }

    private static ResourceRequest request(AutoType a, double constraint) {
        return a.def.request().withStorageBW(constraint);
    }

    private NodeCapacity capacity(int node) {
        NodeResources r = scheduler.node(node);
        return new NodeCapacity(r.storageBandwidthMBs(), r.ioExecutors());
    }

    /** The live nodes that can run the type (bandwidth aside). */
    private List<NodeCapacity> capacities(AutoType a) {
        List<NodeCapacity> out = new ArrayList<>();
        for (int i = 0; i < learningOn.length; i++) {
            if (scheduler.canHost(i, a.def.request())) {
                out.add(capacity(i));
            }
        }
        return out;
    }

    /** The live nodes that can run the type and learn no type (so take its tasks while it learns). */
    private List<NodeCapacity> nodesNotLearning(AutoType a) {
        List<NodeCapacity> out = new ArrayList<>();
        for (int i = 0; i < learningOn.length; i++) {
            if (learningOn[i] == null && scheduler.canHost(i, a.def.request())) {
                out.add(capacity(i));
            }
        }
        return out;
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v - Math.rint(v)) < 1e-9 ? "%.0f" : "%.3f", v);
    }
}
