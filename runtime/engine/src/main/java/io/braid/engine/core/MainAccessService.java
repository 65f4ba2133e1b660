package io.braid.engine.core;

import io.braid.comm.transport.DataFetcher;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.FileKey;
import io.braid.engine.analysis.MainAccess;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.WorkerHandle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What the main program asks of the runtime: the value of an object a task wrote, a file a task
 * wrote, a barrier. Called from the application's threads; the work is done on the core thread
 * and transfers on Netty threads; callers get futures.
 */
public final class MainAccessService {
    /**
     * A fetch that fails (its holder died meanwhile) is tried again, up to this many times, after
     * a growing pause (25 ms doubling, at most 1 s: about 3.6 s in all). The pause lets the core
     * hear of the holder's loss first (its link drops at about the same time), so that the retry
     * recomputes the version instead of asking the dead holder again until the attempts run out.
     */
    private static final int MAX_FETCH_ATTEMPTS = 8;

    private final CoreLoop loop;
    private final RuntimeCore core;
    private final DataFetcher fetcher;
    private final Path snapshotDir;

    public MainAccessService(CoreLoop loop, RuntimeCore core, DataFetcher fetcher, Path snapshotDir) {
        this.loop = loop;
        this.core = core;
        this.fetcher = fetcher;
        this.snapshotDir = snapshotDir;
    }

    /** The serialised newest version of the object, or null when no task ever used it. */
    public CompletableFuture<byte[]> objectValue(ObjectKey key) {
        return object(key, bytes -> bytes,
                (holder, name) -> fetcher.fetch(holder.dataHost(), holder.dataPort(), name).thenApply(d -> d.bytes()));
    }

    /**
     * The serialised newest version of the object in a direct buffer (off the heap: position 0,
     * limit its size, a 0 byte after it), or null when no task ever used it: for a main program
     * in another language, which reads it in place (libbraid), so that the master's heap never
     * holds it. The caller frees it ({@link io.braid.comm.transport.DirectBuffers#free}).
     */
    public CompletableFuture<ByteBuffer> objectBuffer(ObjectKey key) {
        return object(key, bytes -> {
            ByteBuffer b = ByteBuffer.allocateDirect(bytes.length + 1).put(bytes).put((byte) 0);
            b.clear().limit(bytes.length);
            return b;
        }, (holder, name) -> fetcher.fetchDirect(holder.dataHost(), holder.dataPort(), name));
    }

    private <T> CompletableFuture<T> object(ObjectKey key, Function<byte[], T> local,
                                            BiFunction<WorkerHandle, String, CompletableFuture<T>> fetch) {
        CompletableFuture<T> f = new CompletableFuture<>();
        loop.execute(() -> {
            List<Long> group = core.analyser().groupMembersPending(key);
            MainAccess acc = core.analyser().mainAccess(key, AccessMode.R);
            if (acc == null) {
                f.complete(null);
                return;
            }
            core.whenTasksEnd(waits(acc, group), () -> {
                if (!notComputed(acc.lastVersion(), f)) {
                    fetchObject(acc.lastVersion(), f, 0, local, fetch);
                }
            });
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
            List<Long> group = core.analyser().groupMembersPending(key);
            MainAccess acc = core.analyser().mainAccess(key, AccessMode.R);
            if (acc == null) {
                f.complete(false);
                return;
            }
            core.whenTasksEnd(waits(acc, group), () -> {
                if (!notComputed(acc.lastVersion(), f)) {
                    fetchFile(acc.lastVersion(), target, f, 0);
                }
            });
        });
        return f;
    }

    /**
     * The main program is about to open {@code path}, which may change it. When the master serves
     * the file's current version from that very path, that version moves to a private copy
     * first, so tasks that still have to read it get the content they were called with.
     */
    public CompletableFuture<Void> detachMasterCopy(FileKey key, Path path) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                var current = core.analyser().currentVersion(key);
                if (current.isPresent()) {
                    String name = current.get().name();
                    var held = core.masterStore().file(name);
                    if (held.isPresent() && held.get().equals(path) && Files.exists(path)) {
                        Files.createDirectories(snapshotDir);
                        Path copy = snapshotDir.resolve(name + "_" + path.getFileName());
                        Files.copy(path, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        core.masterStore().putFile(name, copy);
                    }
                }
                f.complete(null);
            } catch (IOException | RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f;
    }

    /**
     * Completes once every task of the group has ended, with the message of the BraidException one
     * of them threw, or null.
     */
    public CompletableFuture<String> barrierGroup(String name) {
        CompletableFuture<String> f = new CompletableFuture<>();
        loop.execute(() -> core.barrierGroup(name, f::complete));
        return f;
    }

    /** Cancels the group's unfinished tasks; completes when they are cancelled (not when their workers stopped them). */
    public CompletableFuture<Void> cancelGroup(String name) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        loop.execute(() -> {
            core.cancelGroup(name);
            f.complete(null);
        });
        return f;
    }

    /** Completes once every task submitted so far has ended. */
    public CompletableFuture<Void> barrier() {
        CompletableFuture<Void> f = new CompletableFuture<>();
        loop.execute(() -> core.whenIdle(() -> f.complete(null)));
        return f;
    }

    /**
     * What the main program waits for before it reads a datum: its last writer, and every task of
     * a CONCURRENT or COMMUTATIVE group open on it (any of them may be the last to change it).
     */
    private static List<Long> waits(MainAccess acc, List<Long> group) {
        if (!acc.writerUnfinished()) {
            return group;
        }
        List<Long> all = new java.util.ArrayList<>(group);
        all.add(acc.writerTaskId());
        return all;
    }

    /** Completes {@code f} with a {@link NotComputedException} when the version's task was cancelled. */
    private boolean notComputed(DataVersion v, CompletableFuture<?> f) {
        String why = core.whyNotComputed(v);
        if (why == null) {
            return false;
        }
        f.completeExceptionally(new NotComputedException(why));
        return true;
    }

    private <T> void fetchObject(DataVersion v, CompletableFuture<T> f, int attempt, Function<byte[], T> local,
                                 BiFunction<WorkerHandle, String, CompletableFuture<T>> fetch) {
        String name = v.name();
        var held = core.masterStore().object(name);
        if (held.isPresent()) {
            f.complete(local.apply(held.get()));
            return;
        }
        WorkerHandle holder = holder(name);
        if (holder == null) {
            core.recompute(name, () -> fetchObject(v, f, attempt, local, fetch));
            return;
        }
        fetch.apply(holder, name).whenComplete((d, e) -> {
            if (e == null) {
                f.complete(d);
            } else if (attempt < MAX_FETCH_ATTEMPTS) {
                // Its holder is probably dying: try again once the core has heard of it.
                retryLater(attempt, () -> fetchObject(v, f, attempt + 1, local, fetch));
            } else {
                f.completeExceptionally(e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e);
            }
        });
    }

    private void fetchFile(DataVersion v, Path target, CompletableFuture<Boolean> f, int attempt) {
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
        WorkerHandle holder = holder(name);
        if (holder == null) {
            core.recompute(name, () -> fetchFile(v, target, f, attempt));
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
                if (attempt < MAX_FETCH_ATTEMPTS) {
                    retryLater(attempt, () -> fetchFile(v, target, f, attempt + 1));
                } else {
                    f.completeExceptionally(e);
                }
                return;
            }
            loop.execute(() -> {
                core.masterStore().putFile(name, target);
                core.locations().add(name, DataLocations.MASTER, -1);
                f.complete(true);
            });
        });
    }

    private void retryLater(int attempt, Runnable retry) {
        long pauseMs = Math.min(1000, 25L << attempt);
        CompletableFuture.delayedExecutor(pauseMs, TimeUnit.MILLISECONDS).execute(() -> loop.execute(retry));
    }

    /** A live worker holding the version, or null when none does (any more). */
    private WorkerHandle holder(String name) {
        for (int h : core.locations().holders(name)) {
            if (h >= 0 && core.workers().get(h).alive()) {
                return core.workers().get(h);
            }
        }
        return null;
    }
}
