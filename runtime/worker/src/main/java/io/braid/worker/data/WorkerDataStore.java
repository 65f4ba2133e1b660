package io.braid.worker.data;

import io.braid.comm.transport.VersionStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The worker's versions ({@link VersionStore}) and where its file versions go: files named
 * {@code d<id>v<v>_<original name>} in the working directory.
 */
public final class WorkerDataStore {
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

    public void delete(List<String> dataNames) {
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
