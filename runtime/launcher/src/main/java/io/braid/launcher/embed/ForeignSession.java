package io.braid.launcher.embed;

import io.braid.api.Direction;
import io.braid.comm.message.JobParam;
import io.braid.engine.Master;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.FileKey;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.core.NotComputedException;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import io.braid.launcher.streams.StreamArguments;
import io.braid.streams.BackendException;
import io.braid.streams.DistroStream;
import io.braid.streams.internals.client.StreamHandles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The foreign tasks of one embedded run: turns the main program's calls into the same
 * {@link TaskSubmission}s a Java main makes (one analyser, scheduler and master for both), and
 * answers its waits with what the master's {@code MainAccessService} gives, objects as their opaque
 * bytes. Submissions are serialised by this object; waits run outside its lock, so one thread of
 * the main program may wait while another submits.
 */
final class ForeignSession {
    private static final Logger LOG = LoggerFactory.getLogger(ForeignSession.class);

    /** Waits for a future of the master, failing with the master's reason if it gives up first. */
    interface Waiter {
        <T> T await(CompletableFuture<T> f, String what) throws Exception;
    }

    /** The {@code javaType} of a collection's header parameter (see {@link #collection}). */

    private final Master master;
    private final Waiter waiter;
    private final ForeignTaskTypes types = new ForeignTaskTypes();
    private final ForeignObjects objects = new ForeignObjects();
    private final ForeignFiles files = new ForeignFiles();
    private final ArrayDeque<String> openGroups = new ArrayDeque<>();
    private long lastTaskId;

    ForeignSession(Master master, Waiter waiter) {
        this.master = master;
        this.waiter = waiter;
    }

    ForeignTaskTypes types() {
        return types;
    }

    /** See {@link ForeignTasks#submit}. */
    synchronized long submit(int typeId, long[] objectIds, byte[][] values, String[] paths, long[] returnIds,
                             long[][] elementIds, byte[][][] elementValues) {
        ForeignTaskType type = types.get(typeId);
        int n = type.params().size();
        String what = "task " + type.label();
        checkLength(what, "object ids", objectIds, n);
        checkLength(what, "values", values, n);
        checkLength(what, "files", paths, n);
        checkLength(what, "element id lists", elementIds, n);
        checkLength(what, "element value lists", elementValues, n);
        int given = returnIds == null ? 0 : returnIds.length;
        if (given != type.returns()) {
            throw new IllegalArgumentException(what + ": " + given + " return ids for " + type.returns() + " returns");
        }
        List<SubmittedParam> params = new ArrayList<>(n + given);
        long taskId = lastTaskId + 1;
        for (int i = 0; i < n; i++) {
            ForeignTaskType.Param p = type.params().get(i);
            String where = what + " parameter " + (i + 1) + " (" + p + ")";
            AccessMode mode = mode(p.direction());
            SubmittedParam one = switch (p.kind()) {
                case VALUE -> type.program() ? argument(values == null ? null : values[i], where)
                        : value(values == null ? null : values[i], where);
                case OBJECT -> objects.param(objectId(objectIds, i, where), mode, values == null ? null : values[i],
                        where);
                case FILE -> files.param(paths == null ? null : paths[i], mode, where);
                case COLLECTION -> collection(params, elementIds == null ? null : elementIds[i],
                        elementValues == null ? null : elementValues[i], mode, where);
                case STREAM -> stream(paths == null ? null : paths[i], p.direction(), taskId, i, type.label(), where);
            };
            if (one != null) {
                params.add(one);
            }
        }
        ObjectKey exitValue = null;
        if (type.program()) { // the exit value: the task's return datum, as a Java program task's
            if (given == 1) {
                objects.returned(returnIds[0]);
                exitValue = new ObjectKey(returnIds[0]);
            }
        } else {
            for (int k = 0; k < given; k++) {
                params.add(objects.param(returnIds[k], AccessMode.W, null, what + " return " + (k + 1),
                        "returns object#"));
            }
        }
        lastTaskId = taskId;
        master.submit(new TaskSubmission(taskId, type.definition(), params, exitValue, List.copyOf(openGroups)));
        return taskId;
    }

    /** See {@link ForeignTasks#waitOn}. */
    byte[] waitOn(long id) throws Exception {
        return waitOn(id, key -> master.access().objectValue(key));
    }

    /** See {@link ForeignTasks#waitOnBuffer}. */
    java.nio.ByteBuffer waitOnBuffer(long id) throws Exception {
        return waitOn(id, key -> master.access().objectBuffer(key));
    }

    private <T> T waitOn(long id, java.util.function.Function<ObjectKey, java.util.concurrent.CompletableFuture<T>> value)
            throws Exception {
        synchronized (this) {
            if (!objects.known(id)) {
                throw new IllegalArgumentException("object " + id + " was never passed to a task (or was deleted)");
            }
        }
        T bytes = waiter.await(value.apply(new ObjectKey(id)), "waiting on object " + id);
        synchronized (this) {
            objects.synced(id);
        }
        return bytes;
    }

    /** See {@link ForeignTasks#waitOnFile}. */
    String waitOnFile(String path) throws Exception {
        String canonical = ForeignFiles.canonical(path);
        boolean fetch;
        synchronized (this) {
            if (!files.known(canonical)) {
                return canonical;
            }
            fetch = files.takePending(canonical);
        }
        if (fetch) {
            bring(canonical);
        }
        waiter.await(master.access().detachMasterCopy(new FileKey(canonical), Path.of(canonical)),
                "waiting on file " + canonical);
        return canonical;
    }

    /** See {@link ForeignTasks#deleteObject}. */
    synchronized void deleteObject(long id) {
        if (objects.known(id)) {
            objects.forget(id);
            master.dropDatum(new ObjectKey(id));
        }
    }

    /** See {@link ForeignTasks#deleteObjects}. */
    synchronized void deleteObjects(long[] ids) {
        List<ObjectKey> keys = new ArrayList<>(ids.length);
        for (long id : ids) {
            if (objects.known(id)) {
                objects.forget(id);
                keys.add(new ObjectKey(id));
            }
        }
        master.dropData(keys);
    }

    /** See {@link ForeignTasks#deleteFile}. */
    void deleteFile(String path) throws Exception {
        String canonical = ForeignFiles.canonical(path);
        FileKey key = new FileKey(canonical);
        synchronized (this) {
            files.forget(canonical);
        }
        waiter.await(master.access().detachMasterCopy(key, Path.of(canonical)), "deleting file " + canonical);
        try {
            Files.deleteIfExists(Path.of(canonical));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + canonical + ": " + e.getMessage(), e);
        }
        master.dropDatum(key);
    }

    synchronized void openGroup(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a task group needs a name");
        }
        openGroups.addLast(name);
    }

    /** Closes the group; with {@code barrier}, waits for its tasks (see {@link #barrierGroup}). */
    String closeGroup(String name, boolean barrier) throws Exception {
        synchronized (this) {
            if (!openGroups.removeLastOccurrence(name)) {
                throw new IllegalArgumentException("task group '" + name + "' is not open");
            }
        }
        return barrier ? barrierGroup(name) : null;
    }

    /** Waits for the group's tasks; the message of the exception that ended the group, or null. */
    String barrierGroup(String name) throws Exception {
        return waiter.await(master.access().barrierGroup(name), "the barrier of group " + name);
    }

    void cancelGroup(String name) throws Exception {
        waiter.await(master.access().cancelGroup(name), "the cancellation of group " + name);
    }

    /** End of the run (after its barrier): files tasks wrote and the main program never waited on go to their paths. */
    void finish() throws Exception {
        List<String> pending;
        synchronized (this) {
            pending = files.pending();
            pending.forEach(files::takePending);
        }
        for (String path : pending) {
            bring(path);
        }
    }

    /** Brings the file's newest version to its path; a file whose task was cancelled or ignored is left as it is. */
    private void bring(String canonical) throws Exception {
        try {
            waiter.await(master.access().fileToMaster(new FileKey(canonical), Path.of(canonical)),
                    "bringing file " + canonical);
        } catch (IllegalStateException e) {
            if (!(e.getCause() instanceof NotComputedException)) {
                throw e;
            }
            LOG.warn("file {} is left as it was: {}", canonical, e.getCause().getMessage());
        }
    }

    /**
     * A collection goes to the master as a header (a {@link SubmittedParam#collectionHeader} whose text is its
     * length) followed by its elements, each an OBJECT with its own datum, so the analyser sees
     * every element as it sees an object parameter; the worker groups them back into one list.
     * Adds the header and the elements to {@code params}; returns null (nothing more to add).
     */
    private SubmittedParam collection(List<SubmittedParam> params, long[] ids, byte[][] bytes, AccessMode mode,
                                      String where) {
        if (ids == null) {
            throw new IllegalArgumentException(where + ": no element ids given");
        }
        if (bytes != null && bytes.length != ids.length) {
            throw new IllegalArgumentException(where + ": " + bytes.length + " element values for " + ids.length
                    + " elements");
        }
        params.add(SubmittedParam.collectionHeader(ids.length));
        for (int k = 0; k < ids.length; k++) {
            params.add(objects.param(ids[k], mode, bytes == null ? null : bytes[k], where + " element " + (k + 1)));
        }
        return null;
    }

    /**
     * A STREAM parameter, named by its stream id (in the {@code files} array): a handle on that
     * stream in this process goes to the task as a Java task's does, and an OUT one registers the
     * task as a writer now.
     */
    private static SubmittedParam stream(String streamId, Direction direction, long taskId, int index, String label,
                                         String where) {
        if (streamId == null || streamId.isBlank()) {
            throw new IllegalArgumentException(where + ": no stream id given");
        }
        DistroStream<?> handle;
        try {
            handle = StreamHandles.attach(streamId);
        } catch (BackendException e) {
            throw new IllegalArgumentException(where + ": stream " + streamId + ": " + e.getMessage(), e);
        }
        return StreamArguments.toParam(handle, direction, handle.getClass().getName(), taskId, index, label);
    }

    /** A program's argument: its UTF-8 text, which the worker puts on the command line as it is. */
    private static SubmittedParam argument(byte[] bytes, String where) {
        if (bytes == null) {
            throw new IllegalArgumentException(where + ": no text given");
        }
        return SubmittedParam.byValue("java.lang.String", new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
    }

    private static SubmittedParam value(byte[] bytes, String where) {
        if (bytes == null) {
            throw new IllegalArgumentException(where + ": no bytes given");
        }
        return new SubmittedParam(JobParam.Kind.VALUE, "bytes", Base64.getEncoder().encodeToString(bytes), null,
                AccessMode.R, false, null, null, "bytes[" + bytes.length + "]", null);
    }

    private static long objectId(long[] ids, int i, String where) {
        if (ids == null) {
            throw new IllegalArgumentException(where + ": no object id given");
        }
        return ids[i];
    }

    private static AccessMode mode(Direction d) {
        return switch (d) {
            case OUT -> AccessMode.W;
            case INOUT -> AccessMode.RW;
            default -> AccessMode.R;
        };
    }

    private static void checkLength(String what, String name, Object array, int n) {
        if (array != null && java.lang.reflect.Array.getLength(array) != n) {
            throw new IllegalArgumentException(what + ": " + java.lang.reflect.Array.getLength(array) + " " + name
                    + " for " + n + " parameters");
        }
    }
}
