package io.braid.engine.core;

import io.braid.engine.monitor.AutoConstraintReport.State;
import io.braid.engine.monitor.trace.TraceRecorder;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The value an auto type's tasks get outside its learning epochs: after learning, the one the
 * {@link ConstraintObjective} picks for the type's ready tasks on the live nodes; before, the
 * value {@link AutoLearning} sets. With it, how many of the type's tasks may be in flight at once
 * (maxConcurrent in the cluster), so that a new choice applies to all waiting tasks.
 */
final class AutoChoice {
    private static final Logger LOG = LoggerFactory.getLogger(AutoChoice.class);

    private final LearningNodes nodes;
    private final TraceRecorder trace;
    private final LongSupplier clockMicros;

    AutoChoice(LearningNodes nodes, TraceRecorder trace, LongSupplier clockMicros) {
        this.nodes = nodes;
        this.trace = trace;
        this.clockMicros = clockMicros;
    }

    /** A learned type: the objective's value for its ready tasks (held + queued). */
    void choose(AutoType a) {
        a.arrived = false;
        ConstraintObjective.Choice c = a.learner.choose(a.held.size() + a.queued.size(), a.capacities,
                AutoConstraints.TIE_TOLERANCE);
        if (c == null) {
            return; // no measured value runs on a live node any more: keep the last one
        }
        boolean changed = a.choice == null || c.constraint() != a.choice.constraint();
        if (changed) {
            if (a.choice != null) {
                a.changes++;
            }
            LOG.info("{}: storageBW {} MB/s for {} ready tasks ({} at once, {} ms each)", a.label(),
                    AutoConstraints.num(c.constraint()), c.readyTasks(), c.maxConcurrent(),
                    AutoConstraints.num(c.meanNanos() / 1e6));
            if (trace != null) {
                long now = clockMicros.getAsLong();
                trace.counter(a.learningNodeName, "storageBW " + a.label(), now, c.constraint());
                trace.instant(a.learningNodeName, "learning " + a.label(),
                        "chosen " + AutoConstraints.num(c.constraint()) + " MB/s", "learning", now,
                        Map.of("storageBW", c.constraint(), "readyTasks", c.readyTasks(),
                                "maxConcurrent", c.maxConcurrent()));
            }
        }
        a.choice = c;
        set(a, c.constraint());
    }

    /** The type's tasks get {@code c} from now on, as many at once as the live nodes run at {@code c}. */
    void set(AutoType a, double c) {
        a.constraint = c;
        if (a.state != State.LEARNED) {
            a.capacities = nodes.capacities(a);
        }
        a.cap = Math.max(1, ConstraintObjective.maxConcurrent(c, a.capacities));
    }
}
