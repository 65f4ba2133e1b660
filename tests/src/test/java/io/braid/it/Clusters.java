package io.braid.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes COMPSs-format resources.xml / project.xml describing local workers 127.0.0.2, 127.0.0.3, ...
 *
 * <pre>
 * Clusters.Files c = Clusters.local(2).cus(2).write(tmp);
 * Clusters.Files c = Clusters.builder().node("127.0.0.2", 2, "Intel", 4).node("127.0.0.3", 2, "AMD", 4).write(tmp);
 * </pre>
 */
public final class Clusters {
    /** The written files. */
    public record Files(Path resources, Path project) {
        public List<String> options() {
            return List.of("--resources=" + resources, "--project=" + project);
        }
    }

    record Node(String name, int cus, String arch, double memoryGb, String workingDir) {
    }

    private final List<Node> nodes = new ArrayList<>();
    private int defaultCus = 2;
    private double storageBandwidth;
    private int ioExecutors;

    private Clusters() {
    }

    public static Clusters builder() {
        return new Clusters();
    }

    /** N local workers 127.0.0.2 .. 127.0.0.(N+1), Intel, 4 GB, default CUs (2, change with {@link #cus}). */
    public static Clusters local(int n) {
        Clusters c = new Clusters();
        for (int i = 0; i < n; i++) {
            c.nodes.add(new Node("127.0.0." + (i + 2), -1, "Intel", 4, null));
        }
        return c;
    }

    public Clusters cus(int cus) {
        this.defaultCus = cus;
        return this;
    }

    /** Every node declares this storage bandwidth (MB/s) in {@code <Storage><Bandwidth>}. */
    public Clusters storageBandwidth(double mbs) {
        this.storageBandwidth = mbs;
        return this;
    }

    /** Every node declares this many I/O executors ({@code <IOExecutors>}). */
    public Clusters ioExecutors(int n) {
        this.ioExecutors = n;
        return this;
    }

    public Clusters node(String name, int cus, String arch, double memoryGb) {
        nodes.add(new Node(name, cus, arch, memoryGb, null));
        return this;
    }

    /** A node with a WorkingDir in project.xml. */
    public Clusters node(String name, int cus, String arch, double memoryGb, String workingDir) {
        nodes.add(new Node(name, cus, arch, memoryGb, workingDir));
        return this;
    }

    public Files write(Path dir) {
        StringBuilder res = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<ResourcesList>\n");
        StringBuilder proj = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Project>\n  <MasterNode/>\n");
        for (Node n : nodes) {
            int cus = n.cus() < 0 ? defaultCus : n.cus();
            res.append("  <ComputeNode Name=\"").append(n.name()).append("\">\n")
               .append("    <Processor Name=\"MainProcessor\">\n")
               .append("      <ComputingUnits>").append(cus).append("</ComputingUnits>\n")
               .append("      <Architecture>").append(n.arch()).append("</Architecture>\n")
               .append("    </Processor>\n")
               .append("    <Memory><Size>").append(n.memoryGb()).append("</Size></Memory>\n");
            if (storageBandwidth > 0) {
                res.append("    <Storage><Bandwidth>").append(storageBandwidth).append("</Bandwidth></Storage>\n");
            }
            if (ioExecutors > 0) {
                res.append("    <IOExecutors>").append(ioExecutors).append("</IOExecutors>\n");
            }
            res.append("  </ComputeNode>\n");
            proj.append("  <ComputeNode Name=\"").append(n.name()).append("\">\n")
                .append("    <InstallDir>/tmp</InstallDir>\n");
            if (n.workingDir() != null) {
                proj.append("    <WorkingDir>").append(n.workingDir()).append("</WorkingDir>\n");
            }
            proj.append("  </ComputeNode>\n");
        }
        res.append("</ResourcesList>\n");
        proj.append("</Project>\n");
        try {
            java.nio.file.Files.createDirectories(dir);
            Path r = dir.resolve("resources.xml");
            Path p = dir.resolve("project.xml");
            java.nio.file.Files.writeString(r, res);
            java.nio.file.Files.writeString(p, proj);
            return new Files(r, p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
