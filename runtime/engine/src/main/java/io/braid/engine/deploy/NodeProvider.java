package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;

/**
 * How a run obtains its nodes (Parsl's "provider"): from the XML files, or from a batch system's
 * allocation. The launcher of each node is chosen apart ({@link LauncherChooser}).
 */
public interface NodeProvider {
    /** The nodes of this run and the master's shared disks. */
    Cluster nodes();
}
