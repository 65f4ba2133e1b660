package io.braid.engine.deploy;

import io.braid.comm.launch.WorkerCommand;
import io.braid.engine.resources.NodeDescription;

import java.nio.file.Path;

/** The {@link WorkerCommand} the master writes for a node. */
public final class WorkerCommands {
    private WorkerCommands() {
    }

    /**
     * The node's command: its computing units, I/O executors (the XML's, or the run's default),
     * working dir, port range, the run's environment and whether it starts its Python processes at
     * once; its data server binds {@code bindAddress}.
     */
    public static WorkerCommand forNode(NodeDescription node, WorkerLaunch launch, String bindAddress) {
        int io = node.ioExecutors() > 0 ? node.ioExecutors() : launch.defaultIoExecutors();
        return new WorkerCommand(launch.masterHost(), launch.masterPort(), node.name(), bindAddress,
                node.computingUnits(), io, launch.appClasspath(), workingDir(node, launch),
                launch.logDir().resolve("jobs"), launch.workerLog(node.name()).toString(), node.minPort(),
                node.maxPort(), launch.environment(), launch.masterDataPort(), launch.pythonPrestart());
    }

    /** The node's WorkingDir from project.xml (a sub-directory per run and node), or one under the log dir. */
    static Path workingDir(NodeDescription node, WorkerLaunch launch) {
        if (node.workingDir() != null && !node.workingDir().isBlank()) {
            return Path.of(node.workingDir()).resolve("braid-" + launch.logDir().getFileName() + "-" + node.name());
        }
        return launch.logDir().resolve("workers").resolve(node.name() + "-wd");
    }
}
