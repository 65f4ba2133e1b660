package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;

import java.io.IOException;

/**
 * How a worker starts on a node (Parsl's "launcher"): as a process of this machine, over ssh, or
 * with srun. Every launcher starts {@link WorkerLaunch#WORKER_MAIN} with the command's arguments
 * and hands it the command's environment without putting it on a command line.
 */
public interface WorkerLauncher {

    /** Starts the worker of {@code node}; its output goes to {@code launch.workerLog(node)} on this machine. */
    StartedWorker launch(NodeDescription node, WorkerCommand command, WorkerLaunch launch) throws IOException;

    /**
     * The address the node's worker binds its data server to, as the worker sees it: for a local
     * node the local address its name designates, for a remote one its name.
     */
    String bindAddress(NodeDescription node);

    /** A started worker: its log, and a way to stop it if it does not stop by itself. */
    interface StartedWorker {
        String logFile();

        boolean isAlive();

        /** Waits up to {@code timeoutMs} for the worker to end, then kills it (and, remotely, its session). */
        void stop(long timeoutMs);
    }
}
