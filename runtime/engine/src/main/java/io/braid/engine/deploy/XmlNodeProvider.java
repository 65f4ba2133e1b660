package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.ClusterLoader;

import java.nio.file.Path;

/**
 * Nodes from COMPSs-style resources.xml / project.xml ({@link ClusterLoader}); with neither file,
 * one local worker with every core of this machine.
 */
public final class XmlNodeProvider implements NodeProvider {
    private final Path resources;
    private final Path project;
    private final int localCores;

    /**
     * @param resources  resources.xml, or null
     * @param project    project.xml, or null
     * @param localCores cores of the single local worker when both are null
     */
    public XmlNodeProvider(Path resources, Path project, int localCores) {
        this.resources = resources;
        this.project = project;
        this.localCores = localCores;
    }

    /** @throws io.braid.engine.resources.ResourcesException naming the file and line of a problem */
    @Override
    public Cluster nodes() {
        if (resources == null && project == null) {
            return Cluster.localDefault(localCores);
        }
        return ClusterLoader.load(resources, project);
    }
}
