package io.braid.engine.deploy;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;

/** Whether a node name designates this machine, and the address its worker binds to. */
public final class NodeAddresses {
    private NodeAddresses() {
    }

    /**
     * The local address a worker for {@code nodeName} binds to, or null when the name is not this
     * machine (a loopback address such as 127.0.0.2 is its own bind address).
     */
    public static String localBindAddress(String nodeName) {
        if ("localhost".equalsIgnoreCase(nodeName)) {
            return "127.0.0.1";
        }
        try {
            InetAddress addr = InetAddress.getByName(nodeName);
            if (addr.isLoopbackAddress()) {
                return addr.getHostAddress();
            }
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a.equals(addr)) {
                        return addr.getHostAddress();
                    }
                }
            }
            return null;
        } catch (UnknownHostException | SocketException e) {
            return null;
        }
    }
}
