package io.braid.it.hosts;

import io.braid.it.Clusters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes COMPSs resources.xml / project.xml for remote nodes (namespace hosts): per node its
 * cores, architecture, InstallDir, User, adaptor ports, and an optional shared disk that the
 * master and every node mount at the same path.
 *
 * <pre>
 * Clusters.Files xml = RemoteCluster.of(hosts.host(0), hosts.host(1)).cus(2).write(tmp.resolve("xml"));
 * </pre>
 */
public final class RemoteCluster {
    private record Node(String address, String arch, String installDir, String user, int minPort, int maxPort) {
    }

    private final List<Node> nodes = new ArrayList<>();
    private int cus = 1;
    private String sharedMount;

    private RemoteCluster() {
    }

    public static RemoteCluster of(NetnsHosts.Host... hosts) {
        RemoteCluster c = new RemoteCluster();
        for (NetnsHosts.Host h : hosts) {
            c.node(h.address(), "Intel", null, null, 0, 0);
        }
        return c;
    }

    public static RemoteCluster empty() {
        return new RemoteCluster();
    }

    /** A node with this architecture, InstallDir, User and port range (null / 0: not declared). */
    public RemoteCluster node(String address, String arch, String installDir, String user, int minPort, int maxPort) {
        nodes.add(new Node(address, arch, installDir, user, minPort, maxPort));
        return this;
    }

    public RemoteCluster cus(int n) {
        this.cus = n;
        return this;
    }

    /** The master and every node mount the shared disk "shared" at {@code mount}. */
    public RemoteCluster sharedDisk(Path mount) {
        this.sharedMount = mount.toString();
        return this;
    }

    public Clusters.Files write(Path dir) {
        String attached = sharedMount == null ? ""
                : "<SharedDisks><AttachedDisk Name=\"shared\"><MountPoint>" + sharedMount + "</MountPoint></AttachedDisk></SharedDisks>";
        StringBuilder res = new StringBuilder("<ResourcesList>\n");
        if (sharedMount != null) {
            res.append("  <SharedDisk Name=\"shared\"/>\n");
        }
        StringBuilder proj = new StringBuilder("<Project>\n  <MasterNode>" + attached + "</MasterNode>\n");
        for (Node n : nodes) {
            String ports = n.maxPort == 0 ? "" : "<Adaptors><Adaptor Name=\"es.bsc.compss.nio.master.NIOAdaptor\">"
                    + "<SubmissionSystem><Interactive/></SubmissionSystem><Ports><MinPort>" + n.minPort + "</MinPort>"
                    + "<MaxPort>" + n.maxPort + "</MaxPort></Ports></Adaptor></Adaptors>";
            res.append("  <ComputeNode Name=\"").append(n.address).append("\"><Processor Name=\"P\"><ComputingUnits>")
                    .append(cus).append("</ComputingUnits><Architecture>").append(n.arch)
                    .append("</Architecture></Processor><Memory><Size>4</Size></Memory>").append(ports)
                    .append(attached).append("</ComputeNode>\n");
            proj.append("  <ComputeNode Name=\"").append(n.address).append("\">")
                    .append(n.installDir == null ? "" : "<InstallDir>" + n.installDir + "</InstallDir>")
                    .append(n.user == null ? "" : "<User>" + n.user + "</User>")
                    .append("</ComputeNode>\n");
        }
        res.append("</ResourcesList>\n");
        proj.append("</Project>\n");
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("resources.xml"), res);
            Files.writeString(dir.resolve("project.xml"), proj);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Clusters.Files(dir.resolve("resources.xml"), dir.resolve("project.xml"));
    }
}
