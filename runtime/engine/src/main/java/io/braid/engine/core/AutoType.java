package io.braid.engine.core;

import io.braid.engine.monitor.AutoConstraintReport;
import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;
import io.braid.engine.scheduling.learning.NodeCapacity;
import io.braid.engine.task.TaskDefinition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/** The core's state of one task type with an auto storage-bandwidth constraint (see {@link AutoConstraints}). */
final class AutoType {
    final TaskDefinition def;
    AutoConstraintReport.State state = AutoConstraintReport.State.WAITING;
    /** Ready tasks not yet given to the scheduler, oldest first. */
    final PriorityQueue<ReadyTask> held = new PriorityQueue<>(Comparator.comparingLong(ReadyTask::taskId));
    /** Given to the scheduler, not started yet. */
    final Set<Long> queued = new HashSet<>();
    /** Given to the scheduler, not ended yet. */
    int inFlight;

    ConstraintLearner learner;
    int learningNode = -1;
    String learningNodeName;
    boolean reserved;
    /** Bumped at each epoch start and when learning restarts: tells an epoch's tasks from older ones. */
    int epochSerial;
    /** Tasks the running epoch still needs (not ready yet); the others were given to the scheduler. */
    int epochOwed;
    long epochFirstStart = Long.MAX_VALUE;
    long epochLastEnd;
    /** While learning: tasks given to the other nodes and not ended, their value, how many in all. */
    int elsewhere;
    double provisional;
    int ranElsewhere;
    /** Epochs of learners on nodes since lost: kept for the summary. */
    final List<Epoch> earlierEpochs = new ArrayList<>();

    /** Constraint the next released tasks get (outside epochs), and how many may be in flight under it. */
    double constraint;
    int cap = 1;
    List<NodeCapacity> capacities = List.of();
    ConstraintObjective.Choice choice;
    /** Tasks became ready since the last choice. */
    boolean arrived;
    int changes;

    AutoType(TaskDefinition def) {
        this.def = def;
    }

    String label() {
        return def.label();
    }

    boolean learning() {
        return state == AutoConstraintReport.State.LEARNING;
    }

    AutoConstraintReport report() {
        List<Epoch> all = new ArrayList<>(earlierEpochs);
        if (learner != null) {
            all.addAll(learner.epochs());
        }
        NodeCapacity node = learner == null ? null : learner.learningNode();
        return new AutoConstraintReport(label(), def.autoStorageBW().toString(), state, learningNodeName,
                node == null ? 0 : node.bandwidthMBs(), node == null ? 0 : node.ioExecutors(), all,
                learner == null ? null : learner.stopReason(), learner == null ? 0 : learner.epochSize(),
                constraint, choice, changes, ranElsewhere);
    }
}
