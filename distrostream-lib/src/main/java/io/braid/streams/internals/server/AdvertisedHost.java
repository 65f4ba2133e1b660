package io.braid.streams.internals.server;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;

/** The address a stream server tells its clients to use. */
final class AdvertisedHost {

    private AdvertisedHost() {
    }

    /** The host clients should use: the bound one, or for a wildcard bind an address of this machine. */
    static String of(String bindHost) {
        if (bindHost != null && !bindHost.isEmpty() && !bindHost.equals("0.0.0.0") && !bindHost.equals("::")
                && !bindHost.equals("*")) {
            return bindHost;
        }
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp() || ni.isLoopback()) {
                    continue;
                }
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
            return InetAddress.getLocalHost().getHostAddress();
        } catch (SocketException | UnknownHostException e) {
            return "127.0.0.1";
        }
    }

}
