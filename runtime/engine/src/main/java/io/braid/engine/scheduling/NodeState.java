package io.braid.engine.scheduling;

/**
 * A snapshot of one node as the scheduler sees it (for monitoring and tests).
 * Unlimited capacities (declared as 0) are reported as {@link Double#POSITIVE_INFINITY} free.
 */
public record NodeState(String name, boolean alive, int runningTasks,
                        int freeComputingUnits, double freeMemoryGB,
                        double freeStorageBandwidthMBs, int freeIoExecutors,
                        int usedComputingUnits, double usedMemoryGB,
                        double usedStorageBandwidthMBs, int usedIoExecutors) {
}
