package io.braid.launcher.run;

import io.braid.api.Direction;
import io.braid.api.Type;
import io.braid.comm.message.JobParam;
import io.braid.comm.serial.ObjectSerializer;
import io.braid.engine.Master;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.FileKey;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.core.NotComputedException;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import io.braid.launcher.app.HooksHandler;
import io.braid.launcher.app.Placeholders;
import io.braid.launcher.app.TaskMethod;
import io.braid.launcher.app.TaskParam;
import io.braid.launcher.app.TaskRegistry;
import io.braid.launcher.streams.StreamArguments;
import io.braid.spi.AppRuntime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The application's side of the runtime: turns task calls of the instrumented main program into
 * submissions, hands back placeholders for results, and makes the main program's first use of an
 * object or file a task writes wait for it (the value is filled into the same object).
 */
public final class AppSide implements HooksHandler, AppRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(AppSide.class);

    private final Master master;
    private final TaskRegistry registry;
    private final TaskDefinitions definitions;
    private final ObjectSerializer serializer;
    private final ClassLoader appLoader;
    private final ObjectTable objects = new ObjectTable();
    private final FileTable files = new FileTable();
    private final AtomicLong taskIds = new AtomicLong();
    /** Task groups open now, outermost first: a task called now belongs to all of them. */
    private final java.util.ArrayDeque<String> openGroups = new java.util.ArrayDeque<>();
    /** The program said {@code barrier(true)}: it meant to call no more tasks. */
    private volatile boolean noMoreTasks;

    AppSide(Master master, TaskRegistry registry, TaskDefinitions definitions, ClassLoader appLoader) {
        this.master = master;
        this.registry = registry;
        this.definitions = definitions;
        this.serializer = new ObjectSerializer(appLoader);
        this.appLoader = appLoader;
    }

    // ---- task calls -------------------------------------------------------------------------------

    @Override
    public synchronized Object task(int taskMethodId, Object[] args) {
        TaskMethod m = registry.byId(taskMethodId);
        if (noMoreTasks) {
            LOG.warn("task {} called after barrier(true) said no more tasks would be; it runs all the same", m.label());
            noMoreTasks = false;
        }
        long taskId = taskIds.incrementAndGet();
        List<SubmittedParam> params = new ArrayList<>(args.length);
        int a = 0;
        try {
            if (!m.isStatic()) {
                params.add(objectParam(args[a++], m.calleeDirection(), m.declaringClass().getName()));
            }
            int declared = 0;
            for (TaskParam p : m.params()) {
                declared++;
                if (p.type() == Type.COLLECTION) {
                    collectionParams(params, args[a++], p.direction(), declared);
                    continue;
                }
                params.add(p.type() == Type.STREAM
                        ? StreamArguments.toParam(args[a], p.direction(), p.javaType().getName(), taskId, a++, m.label())
                        : param(p, args[a++], declared));
            }
        } catch (IllegalArgumentException e) {
            throw new TaskCallException(m.label(), callSite(), e.getMessage());
        }
        Class<?> rt = m.returnType();
        ObjectKey returnKey = null;
        Object placeholder = null;
        ObjectTable.Entry returnEntry = null;
        if (rt != void.class) {
            placeholder = rt.isPrimitive() ? null : Placeholders.newPlaceholder(rt);
            returnEntry = placeholder != null ? objects.register(placeholder) : null;
            returnKey = new ObjectKey(returnEntry != null ? returnEntry.id : objects.newId());
        }
        master.submit(new TaskSubmission(taskId, definitions.get(taskMethodId), params, returnKey,
                openGroups.isEmpty() ? List.of() : List.copyOf(openGroups)));
        dropInDeleteParams(m, args, params, taskId);
        if (returnKey == null) {
            return null;
        }
        if (placeholder != null) {
            objects.markPending(returnEntry);
            return placeholder;
        }
        // Primitive, interface, abstract or array result: no placeholder can stand for it, so wait now.
        Object value = fetch(returnKey, m.label() + " result");
        if (value != null && !rt.isPrimitive()) {
            objects.register(value);
        }
        return value;
    }

    /**
     * IN_DELETE parameters: this task is the datum's last use. The main program forgets it (a
     * later use is a new datum), a file is taken from its path at once (the task reads a private
     * copy), and the runtime deletes the version once the task has read it.
     */
    private void dropInDeleteParams(TaskMethod m, Object[] args, List<SubmittedParam> params, long taskId) {
        int offset = m.isStatic() ? 0 : 1;
        if (!m.isStatic() && m.calleeDirection() == Direction.IN_DELETE) {
            dropAfterUse(args[0], params.get(0), taskId);
        }
        int at = offset; // the parameter's place in params: a collection takes its header and its elements
        for (int i = 0; i < m.params().size(); i++) {
            TaskParam p = m.params().get(i);
            if (p.direction() == Direction.IN_DELETE) {
                dropAfterUse(args[i + offset], params.get(at), taskId);
            }
            at += p.type() == Type.COLLECTION ? 1 + Integer.parseInt(params.get(at).value()) : 1;
        }
    }

    /**
     * A COLLECTION parameter: its header and then each element as an object parameter of its own
     * (see {@link SubmittedParam#collectionHeader}), so each element is a dependency and a task's
     * result in the list goes from its worker to the task, not through the main program.
     */
    private void collectionParams(List<SubmittedParam> params, Object value, Direction dir, int position) {
        if (value == null) {
            throw new IllegalArgumentException("COLLECTION parameter " + position + " is null");
        }
        touch(value); // a list a task returned: its elements are needed here
        if (!(value instanceof Collection<?> c)) {
            throw new IllegalArgumentException("COLLECTION parameter " + position + " is a "
                    + value.getClass().getName() + ", not a java.util.Collection");
        }
        Object[] elements = c.toArray();
        params.add(SubmittedParam.collectionHeader(elements.length));
        for (Object e : elements) {
            params.add(objectParam(e, dir, e == null ? Object.class.getName() : e.getClass().getName()));
        }
    }

    private void dropAfterUse(Object value, SubmittedParam p, long taskId) {
        if (p.key() == null) {
            return; // by value, or null
        }
        if (p.key() instanceof FileKey fk) {
            Path path = Path.of(fk.path());
            files.remove(fk.path());
            await(master.access().detachMasterCopy(fk, path), "file " + path);
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                throw new BraidException("cannot delete " + path + " after its last use: " + e.getMessage(), e);
            }
        } else {
            objects.forget(value);
        }
        master.dropAfterUse(p.key(), taskId);
    }

    /** The {@code position}th declared parameter (1-based) of a task call. */
    private SubmittedParam param(TaskParam p, Object value, int position) {
        Type type = p.type();
        String javaType = p.javaType().getName();
        switch (type) {
            case FILE:
                return fileParam(value, p.direction(), javaType, position, p.keepRename());
            case OBJECT:
                return objectParam(value, p.direction(), javaType);
            default:
                touch(value);
                return SubmittedParam.byValue(javaType, value == null ? null : String.valueOf(value));
        }
    }

    private SubmittedParam objectParam(Object obj, Direction dir, String javaType) {
        if (obj == null) {
            return SubmittedParam.byValue(javaType, null);
        }
        AccessMode mode = mode(dir);
        ObjectTable.Entry e = objects.get(obj);
        boolean known = e != null;
        if (!known) {
            e = objects.register(obj);
        }
        byte[] snapshot = null;
        boolean mainWrote = false;
        if (mode.reads() && !e.pending) {
            snapshot = snapshot(obj);
            mainWrote = known;
        }
        if (mode.writes()) {
            objects.markPending(e);
        }
        return new SubmittedParam(JobParam.Kind.OBJECT, javaType, null, new ObjectKey(e.id), mode, mainWrote, snapshot,
                null, obj.getClass().getSimpleName() + "#" + e.id, null);
    }

    private SubmittedParam fileParam(Object pathLike, Direction dir, String javaType, int position, boolean keepRename) {
        if (pathLike == null) {
            throw new IllegalArgumentException("FILE parameter " + position + " is null");
        }
        String path = FileTable.canonical(pathLike);
        AccessMode mode = mode(dir);
        FileTable.Entry e = files.get(path);
        boolean known = e != null;
        if (!known) {
            e = files.getOrCreate(path);
        }
        boolean mainWrote = known && e.mainCurrent && mode.reads();
        if (mode.reads() && !e.pending && !Files.exists(Path.of(path))) {
            throw new IllegalArgumentException("FILE parameter " + position + " (" + dir + "): " + pathLike
                    + " does not exist (" + path + ")");
        }
        e.mainCurrent = false;
        if (mode.writes()) {
            e.pending = true;
        }
        return new SubmittedParam(JobParam.Kind.FILE, javaType, null, new FileKey(path), mode, mainWrote, null,
                Path.of(path), String.valueOf(pathLike), null, keepRename);
    }

    /**
     * Where the application called the task: its innermost frame in a class of the application
     * (the instrumented call), e.g. {@code app.Main.main(Main.java:12)}; null if none is found.
     */
    private String callSite() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .filter(f -> f.getDeclaringClass().getClassLoader() == appLoader)
                .findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")")
                .orElse(null));
    }

    private static AccessMode mode(Direction d) {
        return switch (d) {
            case IN, IN_DELETE -> AccessMode.R;
            case OUT -> AccessMode.W;
            case INOUT -> AccessMode.RW;
            case CONCURRENT -> AccessMode.CONCURRENT;
            case COMMUTATIVE -> AccessMode.COMMUTATIVE;
        };
    }

    private byte[] snapshot(Object obj) {
        try {
            return serializer.serialize(obj, o -> {
                if (o != obj) {
                    touch(o);
                }
                return o;
            });
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot pass " + obj.getClass().getName() + " to a task: " + e.getMessage(), e);
        }
    }

    // ---- transparent synchronisation ----------------------------------------------------------------

    @Override
    public void touch(Object o) {
        if (o == null || objects.nonePending()) {
            return;
        }
        synchronized (this) {
            ObjectTable.Entry e = objects.get(o);
            if (e == null || !e.pending) {
                return;
            }
            Object value = fetch(new ObjectKey(e.id), o.getClass().getSimpleName() + "#" + e.id);
            if (value != null) {
                Placeholders.fillInPlace(o, value);
            }
            objects.markCurrent(e);
        }
    }

    @Override
    public void touchDeep(Object o) {
        if (o == null || objects.nonePending()) {
            return;
        }
        touch(o);
        if (o instanceof Collection<?> c) {
            c.forEach(this::touch);
        } else if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                touch(k);
                touch(v);
            });
        } else if (o instanceof Object[] arr) {
            for (Object x : arr) {
                touch(x);
            }
        }
    }

    @Override
    public void file(Object pathLike) {
        if (pathLike == null) {
            return;
        }
        synchronized (this) {
            if (files.isEmpty()) {
                return;
            }
            String path = FileTable.canonical(pathLike);
            FileTable.Entry e = files.get(path);
            if (e == null) {
                return;
            }
            if (e.pending) {
                e.pending = false;
                if (!bringFileIfComputed(path)) {
                    return;
                }
            }
            await(master.access().detachMasterCopy(new FileKey(path), Path.of(path)), "file " + path);
            e.mainCurrent = true;
        }
    }

    /**
     * Brings the file's last version; false when its task was cancelled (its group, or a failure
     * passed over): the path is then left as it is, as the program would find it had the task not
     * run, with a warning in runtime.log.
     */
    private boolean bringFileIfComputed(String path) {
        try {
            bringFile(path);
            return true;
        } catch (BraidException x) {
            if (!(x.getCause() instanceof NotComputedException)) {
                throw x;
            }
            LOG.warn("file {} is left as it was: {}", path, x.getCause().getMessage());
            return false;
        }
    }

    private Object fetch(ObjectKey key, String what) {
        byte[] bytes = await(master.access().objectValue(key), what);
        try {
            return bytes == null ? null : serializer.deserialize(bytes);
        } catch (IOException | ClassNotFoundException e) {
            throw new BraidException("cannot read the value of " + what + ": " + e.getMessage(), e);
        }
    }

    private void bringFile(String path) {
        await(master.access().fileToMaster(new FileKey(path), Path.of(path)), "file " + path);
    }

    private static <T> T await(CompletableFuture<T> f, String what) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BraidException("interrupted while waiting for " + what, e);
        } catch (ExecutionException e) {
            throw new BraidException("cannot get " + what + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    // ---- explicit API (io.braid.api.Braid) ------------------------------------------------------------

    @Override
    public <T> T waitOn(T obj) {
        touchDeep(obj);
        return obj;
    }

    @Override
    public void barrier() {
        await(master.access().barrier(), "the barrier");
    }

    @Override
    public void getFile(String path) {
        file(path);
    }

    @Override
    public void barrier(boolean noMoreTasks) {
        barrier();
        if (noMoreTasks) {
            this.noMoreTasks = true;
        }
    }

    /**
     * Takes the file from its path at once (tasks already called with it read a private copy of
     * what the main program gave them) and has the runtime forget it and delete its copies once
     * those tasks have ended.
     */
    @Override
    public synchronized void deleteFile(String path) {
        String canonical = FileTable.canonical(path);
        files.remove(canonical);
        FileKey key = new FileKey(canonical);
        await(master.access().detachMasterCopy(key, Path.of(canonical)), "file " + canonical);
        new File(canonical).delete();
        master.dropDatum(key);
    }

    // ---- task groups (io.braid.api.BraidGroup) -----------------------------------------------------

    @Override
    public synchronized void openGroup(String name) {
        openGroups.addLast(name);
    }

    @Override
    public void closeGroup(String name, boolean barrier) throws io.braid.api.BraidException {
        synchronized (this) {
            openGroups.removeLastOccurrence(name);
        }
        if (barrier) {
            barrierGroup(name);
        }
    }

    @Override
    public void barrierGroup(String name) throws io.braid.api.BraidException {
        String thrown = await(master.access().barrierGroup(name), "the barrier of group " + name);
        if (thrown != null) {
            throw new io.braid.api.BraidException(thrown);
        }
    }

    @Override
    public void cancelGroup(String name) {
        await(master.access().cancelGroup(name), "the cancellation of group " + name);
    }

    @Override
    public synchronized void deregisterObject(Object o) {
        if (o == null) {
            return;
        }
        ObjectTable.Entry e = objects.get(o);
        if (e == null) {
            return;
        }
        objects.forget(o);
        master.dropDatum(new ObjectKey(e.id));
    }

    /** End of the main program: wait for every task, then bring every file a task wrote to its path. */
    public synchronized void finish() {
        barrier();
        for (var e : files.all().entrySet()) {
            if (e.getValue().pending) {
                e.getValue().pending = false;
                bringFileIfComputed(e.getKey());
            }
        }
    }
}
