package io.braid.engine.resources;

import io.braid.comm.settings.CommSettings;
import io.braid.engine.scheduling.NodeResources;

import java.util.Map;
import java.util.Objects;

/**
 * One worker node as declared in resources.xml / project.xml.
 *
 * @param name                node name (host name or address), as in the XML
 * @param computingUnits      cores: the sum of the node's CPU processors' ComputingUnits
 * @param memoryGB            Memory/Size in GB, 0 = not declared (unlimited)
 * @param architecture        the first CPU processor's Architecture, null = not declared (any)
 * @param storageSizeGB       Storage/Size in GB, 0 = not declared (unlimited)
 * @param storageBandwidthMBs Storage/Bandwidth in MB/s, 0 = not declared (unlimited)
 * @param ioExecutors         I/O executor slots (Braid's IOExecutors), 0 = use the default
 * @param workingDir          project.xml WorkingDir, null = default (a fresh directory per node)
 * @param installDir          project.xml InstallDir, null = not declared
 * @param limitOfTasks        project.xml LimitOfTasks, {@link #NO_LIMIT} when not declared
 * @param sharedDisks         shared disks attached to the node: disk name -> mount point
 * @param user                project.xml User: the login on a remote node, null = the master's user
 * @param minPort             Adaptors' MinPort: lowest port the worker listens on, 0 = any free port
 * @param maxPort             Adaptors' MaxPort: highest port the worker listens on, 0 = any free port
 * @param remoteExecution     Adaptors' RemoteExecutionCommand (ssh, srun), null = chosen by where the run is
 */
public record NodeDescription(String name, int computingUnits, double memoryGB, String architecture,
                              double storageSizeGB, double storageBandwidthMBs, int ioExecutors,
                              String workingDir, String installDir, int limitOfTasks,
                              Map<String, String> sharedDisks, String user, int minPort, int maxPort,
                              String remoteExecution) {

    /** {@code limitOfTasks} value when project.xml sets none. */
    public static final int NO_LIMIT = -1;

    /** I/O executors of a node when neither the XML nor the launcher says otherwise (one default for all). */
    public static final int DEFAULT_IO_EXECUTORS = CommSettings.DEFAULT_IO_EXECUTORS;

    public NodeDescription {
        Objects.requireNonNull(name, "name");
        sharedDisks = sharedDisks == null ? Map.of() : Map.copyOf(sharedDisks);
    }

    /** A node with no login, port range or remote-execution command of its own. */
    public NodeDescription(String name, int computingUnits, double memoryGB, String architecture,
                           double storageSizeGB, double storageBandwidthMBs, int ioExecutors,
                           String workingDir, String installDir, int limitOfTasks, Map<String, String> sharedDisks) {
        this(name, computingUnits, memoryGB, architecture, storageSizeGB, storageBandwidthMBs, ioExecutors, workingDir,
                installDir, limitOfTasks, sharedDisks, null, 0, 0, null);
    }

    /** Cores the scheduler may use: min(computingUnits, limitOfTasks). */
    public int usableComputingUnits() {
        return limitOfTasks == NO_LIMIT ? computingUnits : Math.min(computingUnits, limitOfTasks);
    }

    /** The node as the scheduler sees it, with {@link #DEFAULT_IO_EXECUTORS} when not declared. */
    public NodeResources toResources() {
        return toResources(DEFAULT_IO_EXECUTORS);
    }

    /** The node as the scheduler sees it; {@code defaultIoExecutors} applies when the XML set none. */
    public NodeResources toResources(int defaultIoExecutors) {
        int io = ioExecutors > 0 ? ioExecutors : defaultIoExecutors;
        return new NodeResources(name, usableComputingUnits(), memoryGB, architecture,
                storageSizeGB, storageBandwidthMBs, io);
    }
}
