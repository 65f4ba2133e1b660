package io.braid.comm.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The data versions a node holds, by name: serialised objects in memory or in files, files on
 * disk. What its data server serves; thread-safe (job threads, network threads and the core share
 * it).
 */
public final class VersionStore implements DataSource {
    private final Map<String, byte[]> objects = new ConcurrentHashMap<>();
    private final Map<String, Path> objectFiles = new ConcurrentHashMap<>();
    private final Map<String, Path> files = new ConcurrentHashMap<>();

    public void putObject(String dataName, byte[] bytes) {
        objects.put(dataName, bytes);
    }

    /**
     * The object held in memory now lives in {@code path} too (written by the caller): frees the
     * memory copy. Readers see the version all along (the file is registered first).
     */
    public void moveObjectToFile(String dataName, Path path) {
        objectFiles.put(dataName, path);
        objects.remove(dataName);
    }

    /** An object version kept in {@code path} (written by the caller) from the start, never in memory. */
    public void putObjectFile(String dataName, Path path) {
        moveObjectToFile(dataName, path);
    }

    /** The file the object version is kept in, when it is kept in one (not read here). */
    public Optional<Path> objectFile(String dataName) {
        return Optional.ofNullable(objectFiles.get(dataName));
    }

    /** The files object versions are kept in (a copy). */
    public java.util.List<Path> objectFiles() {
        return java.util.List.copyOf(objectFiles.values());
    }

    /** Object versions held, in memory or in files (a worker's count at its end, in its log). */
    public int objectCount() {
        return objects.size() + objectFiles.size();
    }

    /** File versions held. */
    public int fileCount() {
        return files.size();
    }

    public void putFile(String dataName, Path path) {
        files.put(dataName, path);
    }

    /** Whether the object version is held here (in memory or in a file), without reading it. */
    public boolean hasObject(String dataName) {
        return objects.containsKey(dataName) || objectFiles.containsKey(dataName);
    }

    /** The serialised object, read from its file if it is kept in one. */
    public Optional<byte[]> object(String dataName) {
        byte[] bytes = objects.get(dataName);
        Path p = bytes == null ? objectFiles.get(dataName) : null;
        if (p == null) {
            return Optional.ofNullable(bytes);
        }
        try {
            return Optional.of(Files.readAllBytes(p));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kept object " + dataName + " from " + p, e);
        }
    }

    public Optional<Path> file(String dataName) {
        return Optional.ofNullable(files.get(dataName));
    }

    /** Forgets the version; returns its file (or the file its object was kept in), for the caller to delete. */
    public Optional<Path> remove(String dataName) {
        objects.remove(dataName);
        Path kept = objectFiles.remove(dataName);
        Path file = files.remove(dataName);
        return Optional.ofNullable(file != null ? file : kept);
    }

    @Override
    public Optional<DataContent> lookup(String dataName) {
        byte[] bytes = objects.get(dataName);
        if (bytes != null) {
            return Optional.of(DataContent.ofBytes(bytes));
        }
        Path kept = objectFiles.get(dataName);
        if (kept != null) {
            return Optional.of(DataContent.ofObjectFile(kept));
        }
        Path p = files.get(dataName);
        return p == null ? Optional.empty() : Optional.of(DataContent.ofFile(p));
    }
}
