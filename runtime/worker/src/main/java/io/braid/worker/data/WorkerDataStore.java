package io.braid.worker.data;

import io.braid.comm.transport.VersionStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The worker's versions ({@link VersionStore}) and where its files go: versions named
 * {@code d<id>v<v>_<original name>} in the working directory, and each job's sandbox (where its
 * task sees them under their original names, {@link TaskFiles}) in {@code sandbox/job<id>}.
 */
public final class WorkerDataStore {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WorkerDataStore.class);
    private final Path workingDir;
    private final VersionStore versions = new VersionStore();

    public WorkerDataStore(Path workingDir) {
        this.workingDir = workingDir;
    }

    public VersionStore versions() {
        return versions;
    }

    /** Local path for a file version, named {@code d<id>v<v>_<original name>}. */
    public Path filePathFor(String dataName, String originalName) {
        return workingDir.resolve(dataName + "_" + (originalName == null ? "file" : originalName));
    }

    /** The sandbox directory of a job (not created here). */
    public Path sandboxFor(long jobId) {
        return workingDir.resolve("sandbox").resolve("job" + jobId);
    }

    /**
     * Removes every job sandbox: at start, what a worker process of this node that died left
     * (the working directory is the node's own for the run, so no running job of another process
     * uses it).
     */
    public void removeSandboxes() {
        SandboxLinks.deleteTree(workingDir.resolve("sandbox"));
    }

    /** Deletes the versions the master dropped (one message may name many: a batch of released objects). */
    public void delete(List<String> dataNames) {
        LOG.debug("deleting {} versions: {}", dataNames.size(), dataNames);
        for (String name : dataNames) {
            versions.remove(name).filter(p -> p.startsWith(workingDir)).ifPresent(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // a file left behind in the working directory is harmless
                }
            });
        }
    }
}
