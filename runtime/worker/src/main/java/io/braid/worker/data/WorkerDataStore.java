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

    /**
     * Keeps the object version held in memory in a file of the working directory
     * ({@code d<id>v<v>_object.pickle}) instead, and returns the file. Written under another name
     * and moved into place, so that two jobs moving one version at once each leave a whole file.
     */
    public Path moveObjectToFile(String dataName, byte[] bytes) throws IOException {
        Path file = objectFilePathFor(dataName);
        Path partial = Files.createTempFile(workingDir, dataName + ".", ".part");
        try {
            Files.write(partial, bytes);
            Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        versions.moveObjectToFile(dataName, file);
        return file;
    }

    /** Where an object version kept in a file of this worker goes: {@link #objectFileName}. */
    public Path objectFilePathFor(String dataName) {
        return workingDir.resolve(objectFileName(dataName));
    }

    /** The name of the file of the working directory an object version is kept in: {@code d<id>v<v>_object.pickle}. */
    public static String objectFileName(String dataName) {
        return dataName + "_object.pickle";
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
            versions.remove(name).ifPresent(this::deleteOwn);
        }
    }

    /**
     * At the worker's end: deletes the files its object versions are kept in (a Python task's large
     * objects), which nothing reads once the worker is gone, as its objects in memory go with it.
     */
    public void deleteObjectFiles() {
        versions.objectFiles().forEach(this::deleteOwn);
    }

    /** Deletes a file of the working directory (never one elsewhere, such as a shared disk's). */
    private void deleteOwn(Path p) {
        if (!p.toAbsolutePath().normalize().startsWith(workingDir.toAbsolutePath().normalize())) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a file left behind in the working directory is harmless
        }
    }
}
