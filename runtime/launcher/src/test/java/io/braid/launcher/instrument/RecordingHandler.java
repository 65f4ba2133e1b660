package io.braid.launcher.instrument;

import io.braid.launcher.app.HooksHandler;
import io.braid.launcher.app.Placeholders;
import io.braid.launcher.app.TaskMethod;
import io.braid.launcher.app.TaskRegistry;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records what rewritten code calls; reference results are placeholders filled on first touch
 * (the task runs then, on the calling thread), like the real app side does when values arrive.
 */
final class RecordingHandler implements HooksHandler {
    record Call(TaskMethod task, Object[] args, Object returned) {
    }

    private final TaskRegistry registry;
    final List<Call> calls = new ArrayList<>();
    final Map<Object, Runnable> pending = new IdentityHashMap<>();
    final List<Object> touched = new ArrayList<>();
    final List<Object> deep = new ArrayList<>();
    final List<Object> files = new ArrayList<>();
    final List<Integer> pendingAtDeep = new ArrayList<>();
    int noops;

    RecordingHandler(TaskRegistry registry) {
        this.registry = registry;
    }

    @Override
    public synchronized Object task(int taskMethodId, Object[] args) {
        TaskMethod t = registry.byId(taskMethodId);
        if (t.name().equals("noop")) {
            noops++;
            return null;
        }
        if (!t.returnType().isPrimitive()) {
            Object placeholder = Placeholders.newPlaceholder(t.returnType());
            if (placeholder != null) {
                pending.put(placeholder, () -> Placeholders.fillInPlace(placeholder, run(t, args)));
                calls.add(new Call(t, args, placeholder));
                return placeholder;
            }
        }
        Object result = run(t, args);
        calls.add(new Call(t, args, result));
        return result;
    }

    private Object run(TaskMethod t, Object[] args) {
        for (Object a : args) {
            if (a != null) {
                touch(a);
            }
        }
        try {
            t.implementation().setAccessible(true);
            if (t.isStatic()) {
                return t.implementation().invoke(null, args);
            }
            return t.implementation().invoke(args[0], Arrays.copyOfRange(args, 1, args.length));
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void touch(Object o) {
        touched.add(o);
        Runnable fill = pending.remove(o);
        if (fill != null) {
            fill.run();
        }
    }

    @Override
    public synchronized void touchDeep(Object o) {
        deep.add(o);
        pendingAtDeep.add(pending.size());
        touch(o);
        if (o instanceof Collection<?> c) {
            for (Object e : c.toArray()) {
                if (e != null) {
                    touch(e);
                }
            }
        } else if (o instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                touch(e.getKey());
                touch(e.getValue());
            }
        } else if (o instanceof Object[] array) {
            for (Object e : array) {
                if (e != null) {
                    touch(e);
                }
            }
        }
    }

    @Override
    public synchronized void file(Object pathLike) {
        files.add(pathLike);
    }

    synchronized boolean wasTouched(Object o) {
        return touched.stream().anyMatch(x -> x == o);
    }

    synchronized boolean wasDeepTouched(Object o) {
        return deep.stream().anyMatch(x -> x == o);
    }
}
