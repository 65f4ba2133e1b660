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
    /** A Python process's large object ({@code pyobj-<pid>-<n>.pickle}), a version's, or one being written. */
    private static final java.util.regex.Pattern OBJECT_FILE = java.util.regex.Pattern.compile(
            "pyobj-[0-9]+-[0-9]+\\.pickle|d[0-9]+v[0-9]+_object\\.pickle|d[0-9]+v[0-9]+\\..*\\.part");
    /** Held by the worker process using the working directory, released when it ends, however it ends. */
    static final String LOCK_FILE = ".braid-worker.lock";
    private final Path workingDir;
    private final VersionStore versions = new VersionStore();
    private java.nio.channels.FileChannel lockChannel;

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
     * At start: takes the working directory (a lock its process holds until it ends, crash
     * included) and removes what a worker process of this node that died left there: its job
     * sandboxes and the files its objects were kept in (a Python task's large objects), which no
     * one reads any more: the master counts the dead worker's data as lost. The working directory
     * is the node's own for the run; should another live worker process hold it all the same,
     * nothing is removed.
     *
     * @return the object files removed, or -1 when another live worker holds the directory
     */
    public int claimAndRemoveLeftovers() throws IOException {
        Files.createDirectories(workingDir);
        java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(workingDir.resolve(LOCK_FILE),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
        java.nio.channels.FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            // held in this very process (tests run two stores of one directory); the channel stays
            // open: closing it would release this process's lock on the file (POSIX locks)
            LOG.warn("working directory {} is held by this process already: its files are left alone", workingDir);
            return -1;
        }
        if (lock == null) {
            channel.close();
            LOG.warn("working directory {} is held by another live worker process: its files are left alone",
                    workingDir);
            return -1;
        }
        lockChannel = channel; // open, and so locked, until the process ends
        SandboxLinks.deleteTree(workingDir.resolve("sandbox"));
        int removed = 0;
        try (var files = Files.list(workingDir)) {
            for (Path f : files.filter(f -> OBJECT_FILE.matcher(f.getFileName().toString()).matches()).toList()) {
                if (Files.deleteIfExists(f)) {
                    removed++;
                }
            }
        }
        if (removed > 0) {
            LOG.info("removed {} object files a previous worker of this node left in {}", removed, workingDir);
        }
        return removed;
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
