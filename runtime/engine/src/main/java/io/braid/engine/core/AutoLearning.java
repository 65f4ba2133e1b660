package io.braid.engine.core;

import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.scheduling.learning.AutoBandwidth;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.NodeCapacity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The learning phase of an auto type (the rules are in {@link AutoConstraints}): picking its
 * learning node, reserving it, running the {@link ConstraintLearner}'s epochs there, the tasks
 * it runs on the other nodes meanwhile, and handing the type to {@link AutoChoice} once learned.
 */
final class AutoLearning {
    private static final Logger LOG = LoggerFactory.getLogger(AutoLearning.class);

    private final Scheduler scheduler;
    private final LearningNodes nodes;
    private final AutoReleases releases;
    private final AutoChoice choice;
    private final TraceRecorder trace;
    private final LongSupplier clockMicros;

    AutoLearning(Scheduler scheduler, LearningNodes nodes, AutoReleases releases, AutoChoice choice,
            TraceRecorder trace, LongSupplier clockMicros) {
        this.scheduler = scheduler;
        this.nodes = nodes;
        this.releases = releases;
        this.choice = choice;
        this.trace = trace;
        this.clockMicros = clockMicros;
    }

    /** A waiting type with held tasks: learns on a free node, or runs at the first value meanwhile. */
    void start(AutoType a) {
        AutoBandwidth spec = a.def.autoStorageBW();
        int free = nodes.candidate(a, true);
        int candidate = free >= 0 ? free : nodes.candidate(a, false);
        if (free >= 0) {
            a.learner = new ConstraintLearner(spec, nodes.capacity(free), AutoConstraints.WAVES_PER_EPOCH);
            a.learningNode = free;
            a.learningNodeName = nodes.name(free);
            nodes.startLearning(free, a);
            a.state = State.LEARNING;
            LOG.info("{} ({}) learns its storage bandwidth on {}: values {} MB/s, {} tasks per epoch", a.label(), spec,
                    a.learningNodeName, a.learner.values(), a.learner.epochSize());
        } else if (candidate >= 0) {
            choice.set(a, ConstraintLearner.firstValue(spec, nodes.capacity(candidate)));
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
    boolean releaseEpoch(AutoType a, boolean partial) {
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
            releases.give(a, a.held.poll(), a.learner.constraint(), a.learningNode, a.epochSerial);
            a.epochOwed--;
        }
    }

    /**
     * While {@code a} learns: the held tasks beyond what the learning node needs go to the other
     * nodes at the best value measured so far (the progression's first value before any is
     * measured), no more than run there at once. The learning node needs the epoch about to
     * start, or, while one runs, the rest of it and the epoch after it.
     */
    void releaseElsewhere(AutoType a) {
        ConstraintLearner l = a.learner;
        int keep = l.epochRunning() ? a.epochOwed + l.nextEpochSize() : l.epochSize();
        List<NodeCapacity> others = nodes.notLearning(a);
        if (a.held.size() <= keep || others.isEmpty()) {
            return;
        }
        ConstraintObjective.Choice best = l.choose(a.held.size() - keep + a.elsewhere, others,
                AutoConstraints.TIE_TOLERANCE);
        double c = best != null ? best.constraint() : l.values().get(0);
        int cap = Math.max(1, ConstraintObjective.maxConcurrent(c, others));
        if (c != a.provisional) {
            a.provisional = c;
            LOG.info("{} runs on the other nodes at {} MB/s while it learns ({} at once there; {})", a.label(),
                    AutoConstraints.num(c), cap,
                    best != null ? "the best value measured so far" : "the first value, nothing measured yet");
        }
        while (a.held.size() > keep && a.elsewhere < cap) {
            releases.give(a, a.held.poll(), c, -1, AutoReleases.ELSEWHERE);
            a.elsewhere++;
            a.ranElsewhere++;
        }
    }

    /** A task of epoch {@code epochSerial} ended (see {@link AutoConstraints#ended}). */
    void taskEnded(AutoType a, int epochSerial, boolean ok, long runNanos, long startMicros) {
        if (a.learning() && epochSerial == a.epochSerial && a.learner.epochRunning()) {
            if (ok) {
                a.epochFirstStart = Math.min(a.epochFirstStart, startMicros);
                a.epochLastEnd = Math.max(a.epochLastEnd, startMicros + runNanos / 1000);
            }
            Epoch e = ok ? a.learner.taskFinished(runNanos) : a.learner.taskFailed();
            if (e != null) {
                epochEnded(a, e);
            }
        }
    }

    /** Nothing runs anywhere (see {@link AutoConstraints#stalled}); true if tasks were given. */
    boolean stalled(AutoType a) {
        if (a.learning() && a.learner.epochRunning() && a.epochOwed > 0) {
            // Its last tasks never came, and those it got have ended: it ends as a partial epoch.
            Epoch e = a.learner.shorten(a.learner.epochTasks() - a.epochOwed);
            a.epochOwed = 0;
            if (e != null) {
                epochEnded(a, e);
            }
        }
        return a.learning() && !a.learner.epochRunning() && !a.held.isEmpty() && releaseEpoch(a, true);
    }

    /** The node is lost: the type learning there (if any) goes back to waiting for a learning node. */
    void nodeLost(int node) {
        AutoType a = nodes.learningOn(node);
        if (a != null) {
            nodes.stopLearning(node);
            LOG.warn("learning node {} of {} lost: learning starts again on another node", nodes.name(node), a.label());
            a.earlierEpochs.addAll(a.learner.epochs());
            a.learner = null;
            a.reserved = false;
            a.epochOwed = 0;
            a.epochSerial++;
            a.state = State.WAITING;
        }
    }

    private void epochEnded(AutoType a, Epoch e) {
        LOG.info("{} epoch {} on {}: {} MB/s, {} at once, {} tasks, mean {} ms{}", a.label(), e.number(),
                a.learningNodeName, AutoConstraints.num(e.constraint()), e.concurrency(), e.tasks(),
                AutoConstraints.num(e.meanMillis()), e.measured() ? "" : " (partial: not used)");
        if (trace != null && a.epochLastEnd > 0) {
            trace.span(a.learningNodeName, "learning " + a.label(), "epoch " + e.number() + ": "
                    + AutoConstraints.num(e.constraint()) + " MB/s x" + e.concurrency(), "learning",
                    a.epochFirstStart, a.epochLastEnd - a.epochFirstStart,
                    Map.of("storageBW", e.constraint(), "concurrency", e.concurrency(), "tasks", e.tasks(),
                            "meanMs", e.meanMillis(), "kind", e.kind().name()));
        }
        if (!a.learner.finished()) {
            return;
        }
        LOG.info("{} learned on {}: {}", a.label(), a.learningNodeName, a.learner.stopReason());
        reserve(a, false);
        nodes.stopLearning(a.learningNode);
        a.state = State.LEARNED;
        a.capacities = nodes.capacities(a);
        choice.choose(a);
    }

    private void reserve(AutoType a, boolean on) {
        if (a.reserved != on) {
            a.reserved = on;
            scheduler.reserveIo(a.learningNode, on);
        }
    }
}
