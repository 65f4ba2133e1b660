package io.braid.engine.deploy;

import io.braid.engine.resources.NodeDescription;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Picks the launcher of each node: a node whose name is an address of this machine gets a local
 * process; another one what its XML's RemoteExecutionCommand says, or else the run's remote
 * default (ssh). The nodes of a SLURM allocation ({@link SlurmNodeProvider}) ask for srun; so does,
 * inside an allocation, a node of the XML that is one of the allocation's nodes (by its SLURM name).
 */
public final class LauncherChooser {

    /** The ways a worker can start. */
    public enum Kind {
        LOCAL, SSH, SRUN;

        /** The kind an XML RemoteExecutionCommand names (ssh, srun). */
        static Kind ofCommand(String command) {
            return switch (command.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "ssh" -> SSH;
                case "srun" -> SRUN;
                default -> throw new IllegalArgumentException("unknown RemoteExecutionCommand '" + command
                        + "' (ssh or srun)");
            };
        }
    }

    private final Map<Kind, WorkerLauncher> launchers;
    private final Kind remoteDefault;
    /** The nodes of the SLURM allocation this process runs in (none outside one): started with srun. */
    private final Set<String> allocationNodes;

    private LauncherChooser(Map<Kind, WorkerLauncher> launchers, Kind remoteDefault, Set<String> allocationNodes) {
        this.launchers = launchers;
        this.remoteDefault = remoteDefault;
        this.allocationNodes = Set.copyOf(allocationNodes);
    }

    /**
     * Local processes, ssh (with {@link SshLauncher#OPTIONS_ENV}'s options) and srun (for the nodes
     * that ask for it: a SLURM allocation's, or RemoteExecutionCommand=srun), ssh by default for
     * remote nodes; a host must accept the ssh connection within {@code connectTimeoutSeconds}.
     */
    public static LauncherChooser standard(int connectTimeoutSeconds) {
        Map<Kind, WorkerLauncher> m = new EnumMap<>(Kind.class);
        m.put(Kind.LOCAL, new LocalProcessLauncher());
        m.put(Kind.SSH, SshLauncher.fromEnvironment(connectTimeoutSeconds));
        m.put(Kind.SRUN, new SrunLauncher());
        return new LauncherChooser(m, Kind.SSH, SlurmAllocation.nodesOf(System.getenv()));
    }

    /** The same chooser with {@code launcher} for {@code kind}. */
    public LauncherChooser with(Kind kind, WorkerLauncher launcher) {
        Map<Kind, WorkerLauncher> m = new EnumMap<>(launchers);
        m.put(kind, launcher);
        return new LauncherChooser(m, remoteDefault, allocationNodes);
    }

    /** The same chooser, starting remote nodes without a RemoteExecutionCommand with {@code kind}. */
    public LauncherChooser remoteByDefault(Kind kind) {
        return new LauncherChooser(launchers, kind, allocationNodes);
    }

    /** The same chooser inside a SLURM allocation of {@code nodes}: those without a RemoteExecutionCommand start with srun. */
    public LauncherChooser insideAllocation(Set<String> nodes) {
        return new LauncherChooser(launchers, remoteDefault, nodes);
    }

    /** Whether {@code node} is started on this machine. */
    public static boolean isLocal(NodeDescription node) {
        return NodeAddresses.localBindAddress(node.name()) != null;
    }

    /** @throws IllegalArgumentException naming the node when its way of starting has no launcher */
    public WorkerLauncher choose(NodeDescription node) {
        Kind kind;
        if (isLocal(node)) {
            kind = Kind.LOCAL;
        } else if (node.remoteExecution() != null) {
            kind = Kind.ofCommand(node.remoteExecution());
        } else if (allocationNodes.contains(node.name())) {
            kind = Kind.SRUN;
        } else {
            kind = remoteDefault;
        }
        WorkerLauncher l = launchers.get(kind);
        if (l == null) {
            throw new IllegalArgumentException("node " + node.name() + " is to be started with "
                    + kind.name().toLowerCase(java.util.Locale.ROOT) + ", which this run cannot do");
        }
        return l;
    }
}
