package io.braid.worker.data;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
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

    /** Fetches of one job's object inputs in flight at a time (see {@link #prefetchObjects}). */
    static final int PREFETCH_WINDOW = 256;

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

    /**
     * Brings every object input of a job that is neither here nor on a shared path before the job
     * reads them one by one: the fetches go out together, up to {@link #PREFETCH_WINDOW} at a time
     * on each data server's one connection, so a task with a collection of 10,000 remote elements
     * waits for about one round trip per window, not one per element. A fetch that fails here is
     * left to {@link #objectBytes}, which tries the other sources and reports the error.
     */
    public void prefetchObjects(List<JobParam> params) {
        VersionStore versions = store.versions();
        java.util.ArrayDeque<CompletableFuture<?>> inFlight = new java.util.ArrayDeque<>();
        for (JobParam p : params) {
            if (p.kind() != JobParam.Kind.OBJECT || p.inData() == null || versions.hasObject(p.inData())) {
                continue;
            }
            DataLocation src = null;
            for (DataLocation s : p.sources()) {
                if (!s.node().equals(node)) {
                    src = s;
                    break;
                }
            }
            if (src == null) {
                continue;
            }
            String name = p.inData();
            inFlight.add(fetcher.fetch(src.host(), src.port(), name)
                    .thenAccept(d -> versions.putObject(name, d.bytes())));
            if (inFlight.size() >= PREFETCH_WINDOW) {
                inFlight.poll().exceptionally(x -> null).join();
            }
        }
        while (!inFlight.isEmpty()) {
            inFlight.poll().exceptionally(x -> null).join();
        }
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
