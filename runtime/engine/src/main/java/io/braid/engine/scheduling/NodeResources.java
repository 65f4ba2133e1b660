package io.braid.engine.scheduling;

import java.util.Objects;

/**
 * What one worker node offers to the scheduler.
 *
 * @param name                the node's name (host name or address)
 * @param computingUnits      cores available to compute tasks (0 = the node runs no compute task)
 * @param memoryGB            memory in GB; 0 = unknown, treated as unlimited
 * @param architecture        processor architecture; null = unknown, matches any request
 * @param storageSizeGB       storage size in GB; 0 = unknown, treated as unlimited
 * @param storageBandwidthMBs storage bandwidth in MB/s; 0 = unknown, treated as unlimited
 * @param ioExecutors         I/O executor slots for I/O tasks (0 = the node runs no I/O task)
 */
public record NodeResources(String name, int computingUnits, double memoryGB, String architecture,
                            double storageSizeGB, double storageBandwidthMBs, int ioExecutors) {

    public NodeResources {
        Objects.requireNonNull(name, "name");
        requireNonNegative(name, "computingUnits", computingUnits);
        requireNonNegative(name, "memoryGB", memoryGB);
        requireNonNegative(name, "storageSizeGB", storageSizeGB);
        requireNonNegative(name, "storageBandwidthMBs", storageBandwidthMBs);
        requireNonNegative(name, "ioExecutors", ioExecutors);
    }

    /** A node with only cores known: unlimited memory and storage, any architecture. */
    public static NodeResources ofCores(String name, int computingUnits, int ioExecutors) {
        return new NodeResources(name, computingUnits, 0, null, 0, 0, ioExecutors);
    }

    private static void requireNonNegative(String node, String what, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("node " + node + ": " + what + " must be a finite number >= 0, got " + value);
        }
    }
}
