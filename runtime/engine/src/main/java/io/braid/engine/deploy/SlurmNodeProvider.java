package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.NodeDescription;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Nodes from the SLURM allocation the master runs in (a job of scripts/braid-enqueue): one
 * worker on every node but the master's, with the cores and memory SLURM allocated there, and a
 * worker on the master's node too when {@code workerInMasterCpus} is above 0 (with that many
 * cores, enqueue_compss's {@code --worker_in_master_cpus}). Their workers start with
 * {@link SrunLauncher}.
 */
public final class SlurmNodeProvider implements NodeProvider {
    /** The nodes' remote-execution command: their workers start with {@link SrunLauncher} (the master's own node's, locally). */
    static final String SRUN = "srun";

    private final SlurmAllocation allocation;
    private final int workerInMasterCpus;
    private final String workerWorkingDir;

    /**
     * @param workerWorkingDir directory under which each worker gets its working directory, null =
     *                         under the run's log dir
     */
    public SlurmNodeProvider(SlurmAllocation allocation, int workerInMasterCpus, String workerWorkingDir) {
        this.allocation = allocation;
        this.workerInMasterCpus = workerInMasterCpus;
        this.workerWorkingDir = workerWorkingDir;
    }

    /** The provider of the allocation described by {@code env} (see {@link SlurmAllocation#fromEnvironment}). */
    public static SlurmNodeProvider fromEnvironment(Map<String, String> env, int workerInMasterCpus,
                                                    String workerWorkingDir) {
        return new SlurmNodeProvider(SlurmAllocation.fromEnvironment(env), workerInMasterCpus, workerWorkingDir);
    }

    public SlurmAllocation allocation() {
        return allocation;
    }

    /**
     * The worker nodes, in the allocation's order.
     *
     * @throws IllegalArgumentException with one line when no node is left for a worker, or the
     *                                  master's node has fewer cores than asked for its worker
     */
    @Override
    public Cluster nodes() {
        if (workerInMasterCpus < 0) {
            throw new IllegalArgumentException("--worker_in_master_cpus=" + workerInMasterCpus + ": expected 0 or more");
        }
        double memoryGb = allocation.memoryMb() / 1024.0;
        List<NodeDescription> nodes = new ArrayList<>();
        for (int i = 0; i < allocation.nodes().size(); i++) {
            String name = allocation.nodes().get(i);
            int cpus = allocation.cpus().get(i);
            if (name.equals(allocation.currentNode())) {
                if (workerInMasterCpus == 0) {
                    continue;
                }
                if (workerInMasterCpus > cpus) {
                    throw new IllegalArgumentException("--worker_in_master_cpus=" + workerInMasterCpus
                            + " but the master's node " + name + " has " + cpus + " allocated cores");
                }
                cpus = workerInMasterCpus;
            }
            nodes.add(new NodeDescription(name, cpus, memoryGb, null, 0, 0, 0, workerWorkingDir, null,
                    NodeDescription.NO_LIMIT, Map.of(), null, 0, 0, SRUN));
        }
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("SLURM job " + allocation.jobId() + " has no node for a worker: its only "
                    + "node " + allocation.currentNode() + " runs the master (set --worker_in_master_cpus or ask for "
                    + "more nodes)");
        }
        return new Cluster(nodes, Map.of());
    }

    /**
     * The address the master listens on for workers: its node's, as the node name resolves
     * ({@code /etc/hosts} or DNS), since the host name of a node need not be its SLURM name.
     */
    public String masterAddress() throws UnknownHostException {
        return InetAddress.getByName(allocation.currentNode()).getHostAddress();
    }
}
