package io.braid.worker.data;

import io.braid.comm.transport.DataContent;
import io.braid.comm.transport.DataSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The data versions this worker holds: serialised objects in memory, files in the working
 * directory. Served to other nodes through the data server; shared by the job threads.
 */
public final class WorkerDataStore implements DataSource {
    private final Path workingDir;
    private final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    private final Map<String, Path> files = new ConcurrentHashMap<>();

    public WorkerDataStore(Path workingDir) {
        this.workingDir = workingDir;
    }

    public Path workingDir() {
        return workingDir;
    }

    /** Local path for a file version, named {@code d<id>v<v>_<original name>}. */
    public Path filePathFor(String dataName, String originalName) {
        return workingDir.resolve(dataName + "_" + (originalName == null ? "file" : originalName));
    }

    public void putObject(String dataName, byte[] bytes) {
        objects.put(dataName, bytes);
    }

    public void putFile(String dataName, Path path) {
        files.put(dataName, path);
    }

    public Optional<byte[]> object(String dataName) {
        return Optional.ofNullable(objects.get(dataName));
    }

    public Optional<Path> file(String dataName) {
        return Optional.ofNullable(files.get(dataName));
    }

    public void delete(List<String> dataNames) {
        for (String name : dataNames) {
            objects.remove(name);
            Path p = files.remove(name);
            if (p != null && p.startsWith(workingDir)) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // a file left behind in the working directory is harmless
                }
            }
        }
    }

    @Override
    public Optional<DataContent> lookup(String dataName) {
        byte[] bytes = objects.get(dataName);
        if (bytes != null) {
            return Optional.of(DataContent.ofBytes(bytes));
        }
        Path p = files.get(dataName);
        return p == null ? Optional.empty() : Optional.of(DataContent.ofFile(p));
    }
}
