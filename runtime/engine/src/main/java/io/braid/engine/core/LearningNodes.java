package io.braid.engine.core;

import io.braid.engine.scheduling.NodeResources;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.scheduling.learning.ConstraintLearner;
import io.braid.engine.scheduling.learning.NodeCapacity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The nodes as {@link AutoConstraints} sees them: which type learns on each node, which nodes
 * could learn a type, and the storage capacity ({@link NodeCapacity}) of the live nodes that can
 * run a type, which the learner and the objective choose a value for.
 */
final class LearningNodes {

    private final Scheduler scheduler;
    private final IntFunction<String> nodeName;
    /** The type learning on each node, or null. */
    private final AutoType[] learningOn;

    LearningNodes(Scheduler scheduler, IntFunction<String> nodeName) {
        this.scheduler = scheduler;
        this.nodeName = nodeName;
        this.learningOn = new AutoType[scheduler.nodeCount()];
    }

    /**
     * The first live node that can run the type at the first value of its progression, declares
     * a storage bandwidth and has I/O executors; with {@code free}, also learns no type. -1 if none.
     */
    int candidate(AutoType a, boolean free) {
        for (int i = 0; i < learningOn.length; i++) {
            NodeCapacity c = capacity(i);
            if ((!free || learningOn[i] == null) && c.bandwidthMBs() > 0 && c.ioExecutors() > 0
                    && scheduler.canHost(i, request(a, ConstraintLearner.firstValue(a.def.autoStorageBW(), c)))) {
                return i;
            }
        }
        return -1;
    }

    void startLearning(int node, AutoType a) {
        learningOn[node] = a;
    }

    void stopLearning(int node) {
        learningOn[node] = null;
    }

    /** The type learning on the node, or null. */
    AutoType learningOn(int node) {
        return learningOn[node];
    }

    String name(int node) {
        return nodeName.apply(node);
    }

    NodeCapacity capacity(int node) {
        NodeResources r = scheduler.node(node);
        return new NodeCapacity(r.storageBandwidthMBs(), r.ioExecutors());
    }

    /** The live nodes that can run the type (bandwidth aside). */
    List<NodeCapacity> capacities(AutoType a) {
        List<NodeCapacity> out = new ArrayList<>();
        for (int i = 0; i < learningOn.length; i++) {
            if (scheduler.canHost(i, a.def.request())) {
                out.add(capacity(i));
            }
        }
        return out;
    }

    /** The live nodes that can run the type and learn no type (so take its tasks while it learns). */
    List<NodeCapacity> notLearning(AutoType a) {
        List<NodeCapacity> out = new ArrayList<>();
        for (int i = 0; i < learningOn.length; i++) {
            if (learningOn[i] == null && scheduler.canHost(i, a.def.request())) {
                out.add(capacity(i));
            }
        }
        return out;
    }

    static ResourceRequest request(AutoType a, double constraint) {
        return a.def.request().withStorageBW(constraint);
    }
}
