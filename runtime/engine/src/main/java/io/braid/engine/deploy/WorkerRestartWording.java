package io.braid.engine.deploy;

/**
 * The line the user reads (stderr, {@code [braid] WARNING: ...}) when a node's worker is gone and
 * started again: which worker, the usual cause (a task ending its JVM with System.exit or
 * Runtime.halt; COMPSs users meet it in ported code), and what the run does about it.
 */
public final class WorkerRestartWording {
    private WorkerRestartWording() {
    }

    public static String restarting(String node, int restart, int maxRestarts) {
        return "worker " + node + " lost (its JVM ended or stopped answering; a task calling System.exit or "
                + "Runtime.halt ends it): starting it again (restart " + restart + " of at most " + maxRestarts
                + "); the tasks it was running are retried";
    }
}
