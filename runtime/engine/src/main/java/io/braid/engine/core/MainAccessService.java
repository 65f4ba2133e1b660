package io.braid.engine.core;

import io.braid.comm.transport.DataFetcher;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.FileKey;
import io.braid.engine.analysis.MainAccess;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.DataLostException;
import io.braid.engine.dispatch.WorkerHandle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * What the main program asks of the runtime: the value of an object a task wrote, a file a task
 * wrote, a barrier. Called from the application's threads; the work is done on the core thread
 * and transfers on Netty threads; callers get futures.
 */
public final class MainAccessService {
    private final CoreLoop loop;
    private final RuntimeCore core;
    private final DataFetcher fetcher;

    public MainAccessService(CoreLoop loop, RuntimeCore core, DataFetcher fetcher) {
        this.loop = loop;
        this.core = core;
        this.fetcher = fetcher;
    }

    /** The serialised newest version of the object, or null when no task ever used it. */
    public CompletableFuture<byte[]> objectValue(ObjectKey key) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        loop.execute(() -> {
            MainAccess acc = core.analyser().mainAccess(key, AccessMode.R);
            if (acc == null) {
                f.complete(null);
                return;
            }
            core.whenTaskEnds(acc.writerUnfinished() ? acc.writerTaskId() : 0, () -> fetchObject(acc.lastVersion(), f));
        });
        return f;
    }

    /**
     * Brings the newest version of the file to {@code target} on the master (its original path).
     * Completes with false when no task ever used the file.
     */
    public CompletableFuture<Boolean> fileToMaster(FileKey key, Path target) {
        CompletableFuture<Boolean> f = new CompletableFuture<>();
        loop.execute(() -> {
            MainAccess acc = core.analyser().mainAccess(key, AccessMode.R);
            if (acc == null) {
                f.complete(false);
                return;
            }
            core.whenTaskEnds(acc.writerUnfinished() ? acc.writerTaskId() : 0, () -> fetchFile(acc.lastVersion(), target, f));
        });
        return f;
    }

    /** Completes once every task submitted so far has ended. */
    public CompletableFuture<Void> barrier() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        loop.execute(() -> core.whenIdle(() -> f.complete(null)));
        return f;
    }

    private void fetchObject(DataVersion v, CompletableFuture<byte[]> f) {
        String name = v.name();
        var local = core.masterStore().object(name);
        if (local.isPresent()) {
            f.complete(local.get());
            return;
        }
        WorkerHandle holder = holder(name, f);
        if (holder != null) {
            fetcher.fetch(holder.dataHost(), holder.dataPort(), name).whenComplete((d, e) -> {
                if (e != null) {
                    f.completeExceptionally(e);
                } else {
                    f.complete(d.bytes());
                }
            });
        }
    }

    private void fetchFile(DataVersion v, Path target, CompletableFuture<Boolean> f) {
        String name = v.name();
        var local = core.masterStore().file(name);
        if (local.isPresent() && core.locations().isHeldBy(name, DataLocations.MASTER)) {
            try {
                if (!local.get().equals(target)) {
                    Files.copy(local.get(), target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                f.complete(true);
            } catch (IOException e) {
                f.completeExceptionally(new UncheckedIOException("cannot copy " + local.get() + " to " + target, e));
            }
            return;
        }
        WorkerHandle holder = holder(name, f);
        if (holder == null) {
            return;
        }
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
        } catch (IOException e) {
            f.completeExceptionally(e);
            return;
        }
        fetcher.fetchToFile(holder.dataHost(), holder.dataPort(), name, target).whenComplete((d, e) -> {
            if (e != null) {
                f.completeExceptionally(e);
                return;
            }
            loop.execute(() -> {
                core.masterStore().putFile(name, target);
                core.locations().add(name, DataLocations.MASTER, -1);
                f.complete(true);
            });
        });
    }

    private WorkerHandle holder(String name, CompletableFuture<?> f) {
        for (int h : core.locations().holders(name)) {
            if (h >= 0 && core.workers().get(h).alive()) {
                return core.workers().get(h);
            }
        }
        f.completeExceptionally(new DataLostException(name));
        return null;
    }
}
