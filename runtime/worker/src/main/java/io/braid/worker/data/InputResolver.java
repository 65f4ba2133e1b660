package io.braid.worker.data;

import io.braid.comm.message.DataLocation;
import io.braid.comm.transport.DataFetcher;
import io.braid.comm.transport.VersionStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
        VersionStore versions = store.versions();
        var local = versions.object(dataName);
        if (local.isPresent()) {
            return local.get();
        }
        byte[] bytes = fetchFromAny(dataName, sources, src -> fetcher.fetch(src.host(), src.port(), dataName)).bytes();
        versions.putObject(dataName, bytes);
        return bytes;
    }

    public Path filePath(String dataName, String originalName, List<DataLocation> sources) throws IOException {
        VersionStore versions = store.versions();
        var local = versions.file(dataName);
        if (local.isPresent() && Files.exists(local.get())) {
            return local.get();
        }
        for (DataLocation src : sources) {
            if (src.sharedPath() != null && Files.isReadable(Path.of(src.sharedPath()))) {
                return Path.of(src.sharedPath());
            }
        }
        Path target = store.filePathFor(dataName, originalName);
        fetchFromAny(dataName, sources, src -> fetcher.fetchToFile(src.host(), src.port(), dataName, target));
        versions.putFile(dataName, target);
        return target;
    }

    /** Tries the other nodes holding the version in turn; the first that delivers wins. */
    private <T> T fetchFromAny(String dataName, List<DataLocation> sources, Fetch<T> fetch) throws IOException {
        IOException last = null;
        for (DataLocation src : sources) {
            if (src.node().equals(node)) {
                continue;
            }
            try {
                return fetch.from(src).get();
            } catch (ExecutionException e) {
                last = new IOException("cannot fetch " + dataName + " from " + src.node() + ": " + e.getCause().getMessage(),
                        e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while fetching " + dataName, e);
            }
        }
        throw last != null ? last : new IOException("no location holds " + dataName);
    }

    private interface Fetch<T> {
        CompletableFuture<T> from(DataLocation source);
    }
}
