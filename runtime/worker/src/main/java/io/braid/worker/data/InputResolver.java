package io.braid.worker.data;

import io.braid.comm.message.DataLocation;
import io.braid.comm.transport.DataFetcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Brings a task's input versions to this worker: from the local store, a shared disk, or the
 * data server of the node that holds them (worker to worker, or the master). Fetched versions
 * are kept in the store, so later tasks and other nodes can read them here.
 */
public final class InputResolver {
    private final String node;
    private final WorkerDataStore store;
    private final DataFetcher fetcher;

    public InputResolver(String node, WorkerDataStore store, DataFetcher fetcher) {
        this.node = node;
        this.store = store;
        this.fetcher = fetcher;
    }

    public byte[] objectBytes(String dataName, List<DataLocation> sources) throws IOException {
        var local = store.object(dataName);
        if (local.isPresent()) {
            return local.get();
        }
        IOException last = null;
        for (DataLocation src : sources) {
            if (src.node().equals(node)) {
                continue;
            }
            try {
                byte[] bytes = fetcher.fetch(src.host(), src.port(), dataName).get().bytes();
                store.putObject(dataName, bytes);
                return bytes;
            } catch (ExecutionException e) {
                last = new IOException("cannot fetch " + dataName + " from " + src.node() + ": " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while fetching " + dataName, e);
            }
        }
        throw last != null ? last : new IOException("no location holds " + dataName);
    }

    public Path filePath(String dataName, String originalName, List<DataLocation> sources) throws IOException {
        var local = store.file(dataName);
        if (local.isPresent() && Files.exists(local.get())) {
            return local.get();
        }
        for (DataLocation src : sources) {
            if (src.sharedPath() != null && Files.isReadable(Path.of(src.sharedPath()))) {
                return Path.of(src.sharedPath());
            }
        }
        IOException last = null;
        Path target = store.filePathFor(dataName, originalName);
        for (DataLocation src : sources) {
            if (src.node().equals(node)) {
                continue;
            }
            try {
                fetcher.fetchToFile(src.host(), src.port(), dataName, target).get();
                store.putFile(dataName, target);
                return target;
            } catch (ExecutionException e) {
                last = new IOException("cannot fetch " + dataName + " from " + src.node() + ": " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while fetching " + dataName, e);
            }
        }
        throw last != null ? last : new IOException("no location holds " + dataName);
    }
}
