package io.braid.engine.deploy;

import io.braid.engine.resources.NodeDescription;

import java.io.IOException;

/** Starts the worker process of one node (locally, later over ssh or srun). */
public interface WorkerStarter {
    StartedWorker start(NodeDescription node, WorkerLaunch launch) throws IOException;

    /** A started worker process: its log, and a way to stop it if it does not stop by itself. */
    interface StartedWorker {
        String logFile();

        boolean isAlive();

        /** Waits up to {@code timeoutMs} for the process to end, then kills it. */
        void stop(long timeoutMs);
    }
}
