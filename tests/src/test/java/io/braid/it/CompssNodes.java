package io.braid.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A cluster described as COMPSs users write it: resources.xml and project.xml in COMPSs' form
 * (NIO adaptor, ports, InstallDir, WorkingDir) naming the nodes {@code COMPSsWorker01},
 * {@code COMPSsWorker02}, ... Those names resolve to 127.0.0.2, 127.0.0.3, ... through the run's
 * own hosts file ({@code jdk.net.hosts.file}, given to the master and the workers), so the
 * machine's name resolution is left alone and the nodes are local worker processes.
 */
final class CompssNodes {
    private final Path resources;
    private final Path project;
    private final Path hosts;

    private CompssNodes(Path resources, Path project, Path hosts) {
        this.resources = resources;
        this.project = project;
        this.hosts = hosts;
    }

    /** Writes the files for {@code n} nodes of {@code cus} computing units each into {@code dir}. */
    static CompssNodes write(Path dir, int n, int cus) {
        return write(dir, cus, new String[n]);
    }

    /**
     * Writes the files for one node per entry of {@code architectures}, each of {@code cus}
     * computing units, the node's processor declaring that architecture (none for null).
     */
    static CompssNodes write(Path dir, int cus, String... architectures) {
        int n = architectures.length;
        StringBuilder res = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<ResourcesList>\n");
        StringBuilder proj = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Project>\n"
                + "  <MasterNode/>\n");
        StringBuilder names = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            String name = String.format("COMPSsWorker%02d", i);
            names.append("127.0.0.").append(i + 1).append(' ').append(name).append('\n');
            int port = 43000 + 2 * i;
            res.append("  <ComputeNode Name=\"").append(name).append("\">\n")
               .append("    <Processor Name=\"MainProcessor\">\n")
               .append("      <ComputingUnits>").append(cus).append("</ComputingUnits>\n")
               .append(architectures[i - 1] == null ? ""
                       : "      <Architecture>" + architectures[i - 1] + "</Architecture>\n")
               .append("    </Processor>\n")
               .append("    <Adaptors>\n")
               .append("      <Adaptor Name=\"es.bsc.compss.nio.master.NIOAdaptor\">\n")
               .append("        <SubmissionSystem><Interactive/></SubmissionSystem>\n")
               .append("        <Ports><MinPort>").append(port - 1).append("</MinPort><MaxPort>").append(port)
               .append("</MaxPort></Ports>\n")
               .append("      </Adaptor>\n")
               .append("    </Adaptors>\n")
               .append("  </ComputeNode>\n");
            proj.append("  <ComputeNode Name=\"").append(name).append("\">\n")
                .append("    <InstallDir>/opt/COMPSs/</InstallDir>\n")
                .append("    <WorkingDir>").append(dir.resolve(name)).append("/</WorkingDir>\n")
                .append("  </ComputeNode>\n");
        }
        res.append("</ResourcesList>\n");
        proj.append("</Project>\n");
        try {
            Files.createDirectories(dir);
            Path r = Files.writeString(dir.resolve("resources.xml"), res);
            Path p = Files.writeString(dir.resolve("project.xml"), proj);
            Path h = Files.writeString(dir.resolve("hosts"), names);
            return new CompssNodes(r, p, h);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code run} on these nodes, the master and the workers resolving their names. */
    BraidRunner on(BraidRunner run) {
        String resolution = "-Djdk.net.hosts.file=" + hosts;
        return run.options("--resources=" + resources, "--project=" + project, "--jvm_workers_opts=" + resolution)
                .env("BRAID_MASTER_JVM_OPTS", resolution);
    }
}
