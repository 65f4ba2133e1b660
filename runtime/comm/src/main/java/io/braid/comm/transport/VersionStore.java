package io.braid.comm.transport;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The data versions a node holds, by name: serialised objects in memory, files on disk. What its
 * data server serves; thread-safe (job threads, network threads and the core share it).
 */
public final class VersionStore implements DataSource {
    private final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    private final Map<String, Path> files = new ConcurrentHashMap<>();

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

    /** Forgets the version; returns its file, if it was one, for the caller to delete. */
    public Optional<Path> remove(String dataName) {
        objects.remove(dataName);
        return Optional.ofNullable(files.remove(dataName));
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
