package io.braid.engine.data;

import io.braid.comm.transport.DataContent;
import io.braid.comm.transport.DataSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Versions the master holds: snapshots of objects the main program passed to tasks, and files of
 * the main program's disk. Read by the master's data server (Netty threads) and the core.
 */
public final class MasterDataStore implements DataSource {
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

    public void remove(String dataName) {
        objects.remove(dataName);
        files.remove(dataName);
    }

    @Override
    public Optional<DataContent> lookup(String dataName) {
        byte[] b = objects.get(dataName);
        if (b != null) {
            return Optional.of(DataContent.ofBytes(b));
        }
        Path p = files.get(dataName);
        return p == null ? Optional.empty() : Optional.of(DataContent.ofFile(p));
    }
}
