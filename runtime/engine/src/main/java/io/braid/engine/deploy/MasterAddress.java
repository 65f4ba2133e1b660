package io.braid.engine.deploy;

import io.braid.engine.resources.Cluster;
import io.braid.engine.resources.NodeDescription;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The address the master's servers (workers, data, streams, Kafka) bind and advertise: loopback
 * when every node is this machine, otherwise the cluster address, i.e. the local address of the
 * interface on the route to the first remote node; never every interface.
 */
public final class MasterAddress {
    public static final String LOOPBACK = "127.0.0.1";

    private MasterAddress() {
    }

    /**
     * @param given the user's {@code --master_name} (an address or name of this machine), or null
     * @throws IllegalArgumentException naming the host when no route to it is known, or {@code given} is not local
     */
    public static String choose(String given, Cluster cluster) {
        if (given != null && !given.isBlank()) {
            String bind = NodeAddresses.localBindAddress(given.trim());
            if (bind == null) {
                throw new IllegalArgumentException("--master_name=" + given + " is not an address of this machine");
            }
            return bind;
        }
        for (NodeDescription n : cluster.nodes()) {
            if (!LauncherChooser.isLocal(n)) {
                refuseLoopbackBeside(n, cluster);
                return routeTo(n.name());
            }
        }
        return LOOPBACK;
    }

    /**
     * A worker on a loopback address (127.0.0.2) serves its data there, where the workers of
     * other hosts cannot fetch it: with remote nodes, this host's worker must be named by its
     * cluster address.
     */
    private static void refuseLoopbackBeside(NodeDescription remote, Cluster cluster) {
        for (NodeDescription n : cluster.nodes()) {
            String bind = NodeAddresses.localBindAddress(n.name());
            if (bind != null && bind.startsWith("127.")) {
                throw new IllegalArgumentException("node " + n.name() + " is a loopback address, which the workers of "
                        + "other hosts (" + remote.name() + ") cannot reach: name this host by its cluster address");
            }
        }
    }

    /** The local address this machine sends from to reach {@code host} (a UDP connect sends nothing). */
    static String routeTo(String host) {
        InetAddress target;
        try {
            target = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("node " + host + ": unknown host");
        }
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(new InetSocketAddress(target, 9));
            InetAddress local = s.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new IllegalArgumentException("node " + host + ": no route from this machine (give --master_name)");
            }
            return local.getHostAddress();
        } catch (IOException e) {
            throw new IllegalArgumentException("node " + host + ": no route from this machine (" + e.getMessage()
                    + "; give --master_name)");
        }
    }
}
