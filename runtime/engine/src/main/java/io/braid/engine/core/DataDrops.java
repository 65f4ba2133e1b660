package io.braid.engine.core;

import io.braid.engine.analysis.DataKey;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.data.DataLocations;
import io.braid.engine.analysis.DataVersion;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.dispatch.WorkerHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Data the main program is done with ({@code IN_DELETE}, {@code deregisterObject},
 * {@code deleteFile}): the analyser forgets the datum at once, and its version's copies (master,
 * workers) are deleted once no pending task reads it, in one message per worker and batch of
 * core events. Core thread only.
 */
final class DataDrops {
    private static final Logger LOG = LoggerFactory.getLogger(DataDrops.class);

    private final RuntimeCore core;
    private final TaskAnalyser analyser;
    private final Map<Long, TaskRecord> tasks;
    private final VersionReaders readers;
    private final VersionStore masterStore;
    private final DataLocations locations;
    private final List<WorkerHandle> workers;
    /** Per worker, the versions to delete there, sent by {@link #flushDeletes}. */
    private final Map<Integer, List<String>> pending = new HashMap<>();

    DataDrops(RuntimeCore core, TaskAnalyser analyser, Map<Long, TaskRecord> tasks, VersionReaders readers,
              VersionStore masterStore, DataLocations locations, List<WorkerHandle> workers) {
        this.core = core;
        this.analyser = analyser;
        this.tasks = tasks;
        this.readers = readers;
        this.masterStore = masterStore;
        this.locations = locations;
        this.workers = workers;
    }

    /**
     * The main program is done with the datum: later uses of its key start a new datum, and the
     * version task {@code taskId} reads of it is deleted everywhere (master, workers) once that
     * task and every other pending reader of the version have ended. For {@code IN_DELETE}
     * parameters, {@code deregisterObject} and {@code deleteFile}.
     */
    void dropAfterUse(DataKey key, long taskId) {
        TaskRecord rec = tasks.get(taskId);
        DataVersion read = null;
        if (rec != null) {
            List<SubmittedParam> params = rec.submission.params();
            for (int i = 0; i < params.size() && read == null; i++) {
                DataVersion v = rec.analysed.readVersion(i);
                if (key.equals(params.get(i).key()) && v != null) {
                    read = v;
                }
            }
        }
        analyser.deleteData(key);
        if (read != null) {
            DataVersion version = read;
            core.whenTaskEnds(taskId, () -> dropVersion(version));
        }
    }

    /**
     * Forgets the datum now (later uses start a new one) and deletes its current version once
     * every pending task that reads it has ended. For {@code deleteFile} and {@code deregisterObject}.
     */
    void dropDatum(DataKey key) {
        var current = analyser.currentVersion(key);
        if (current.isEmpty()) {
            return;
        }
        DataVersion v = current.get();
        long writer = analyser.writerOf(v);
        List<Long> waits = new ArrayList<>(analyser.groupMembersPending(key));
        if (writer > 0 && tasks.containsKey(writer)) {
            waits.add(writer); // its output must exist before it can go
        }
        analyser.deleteData(key);
        core.whenTasksEnd(waits, () -> dropVersion(v));
    }

    /** {@link #dropDatum} of every key (the main program's released objects, in one core event). */
    void dropData(Collection<? extends DataKey> keys) {
        keys.forEach(this::dropDatum);
    }

    /**
     * The task ended well, and each version it replaced with a new version of the same datum
     * (INOUT: it read one and wrote the next) is superseded: no task submitted from now on reads
     * it (the analyser hands them the newer versions) and the main program's next use is of the
     * newer one too. Its copies on workers are deleted once its pending readers have ended, so that
     * a long INOUT chain does not keep every step's object in the workers' memory or files.
     *
     * <p>Lineage recovery may still need it (a lost newer version is recomputed by running its
     * producer again, which reads this one): deleted only when the master keeps a copy (kept, and
     * a root of the lineage) or when {@code recomputable} says its producer can run again, so a
     * lost newer version costs running back along the chain to a version that still has a copy.
     */
    void dropReplaced(TaskRecord rec, java.util.function.Predicate<String> recomputable) {
        var a = rec.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion read = a.readVersion(i);
            DataVersion written = a.writeVersion(i);
            if (read != null && written != null && !read.equals(written)) {
                dropFromWorkers(read, recomputable);
            }
        }
    }

    private void dropFromWorkers(DataVersion version, java.util.function.Predicate<String> recomputable) {
        List<Long> pendingReaders = readers.pendingReaders(version);
        if (!pendingReaders.isEmpty()) {
            core.whenTasksEnd(pendingReaders, () -> dropFromWorkers(version, recomputable));
            return;
        }
        String name = version.name();
        if (!locations.isHeldBy(name, DataLocations.MASTER) && !recomputable.test(name)) {
            return; // its only copies: nothing could give it back to a recovery that needs it
        }
        for (int h : locations.removeWorkers(name)) {
            pending.computeIfAbsent(h, k -> new ArrayList<>()).add(name);
        }
        LOG.debug("dropped the replaced {} from the workers", name);
    }

    /**
     * Sends the deletions gathered since the last call, one {@code DeleteData} per worker: called
     * once per batch of core events ({@link RuntimeCore#dispatch}), so the drops of a burst
     * (released objects, tasks ending together) cost one message per worker, not one per version.
     */
    void flushDeletes() {
        if (pending.isEmpty()) {
            return;
        }
        for (var e : pending.entrySet()) {
            WorkerHandle w = workers.get(e.getKey());
            if (w.alive()) {
                w.write(new io.braid.comm.message.DeleteData(e.getValue()));
                w.flush();
            }
        }
        pending.clear();
    }

    /**
     * Deletes the version's copies once no pending task reads it. Its readers come from the
     * {@link VersionReaders} index: a drop costs O(its readers), not O(pending tasks).
     */
    private void dropVersion(DataVersion version) {
        List<Long> pendingReaders = readers.pendingReaders(version);
        if (!pendingReaders.isEmpty()) {
            core.whenTasksEnd(pendingReaders, () -> dropVersion(version));
            return;
        }
        String name = version.name();
        masterStore.remove(name).ifPresent(path -> {
            try {
                java.nio.file.Files.deleteIfExists(path);
            } catch (java.io.IOException e) {
                LOG.warn("cannot delete {} ({}): {}", path, name, e.getMessage());
            }
        });
        for (int h : locations.remove(name)) {
            if (h >= 0) {
                pending.computeIfAbsent(h, k -> new ArrayList<>()).add(name);
            }
        }
        LOG.debug("dropped {}", name);
    }
}
