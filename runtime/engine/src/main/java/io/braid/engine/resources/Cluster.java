package io.braid.engine.resources;

import io.braid.engine.scheduling.NodeResources;

import java.util.List;
import java.util.Map;

/**
 * The worker nodes Braid runs on, in declaration order (the node index used by the scheduler is
 * the position in {@link #nodes()}), and the master's shared disks.
 *
 * @param nodes             the worker nodes
 * @param masterSharedDisks shared disks the master sees: disk name -> mount point
 */
public record Cluster(List<NodeDescription> nodes, Map<String, String> masterSharedDisks) {

    /** Name of the single node of {@link #localDefault(int)}. */
    public static final String LOCALHOST = "localhost";

    public Cluster {
        nodes = List.copyOf(nodes);
        masterSharedDisks = masterSharedDisks == null ? Map.of() : Map.copyOf(masterSharedDisks);
    }

    /** No XML given: one local worker, "localhost", with every core. */
    public static Cluster localDefault(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be >= 1, got " + cores);
        }
        return new Cluster(List.of(new NodeDescription(LOCALHOST, cores, 0, null, 0, 0, 0,
                null, null, NodeDescription.NO_LIMIT, Map.of())), Map.of());
    }

    /** The nodes as the scheduler sees them, in the same order. */
    public List<NodeResources> toResources(int defaultIoExecutors) {
        return nodes.stream().map(n -> n.toResources(defaultIoExecutors)).toList();
    }
}
