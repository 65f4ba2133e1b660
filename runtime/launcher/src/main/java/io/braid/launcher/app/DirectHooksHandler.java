package io.braid.launcher.app;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * Runs every task as an ordinary call on the calling thread: what the program does under plain
 * {@code java}. Touch and file hooks do nothing.
 */
public final class DirectHooksHandler implements HooksHandler {
    private final TaskRegistry registry;

    public DirectHooksHandler(TaskRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Object task(int taskMethodId, Object[] args) {
        TaskMethod t = registry.byId(taskMethodId);
        if (!t.hasJavaMethod()) {
            throw new IllegalStateException("task " + t.label() + " runs a program or a C function"
                    + " (@Binary/@MPI/@CFunction): it needs braid-run");
        }
        java.lang.reflect.Method m = t.implementation();
        try {
            m.setAccessible(true);
            if (t.isStatic()) {
                return m.invoke(null, args);
            }
            if (args[0] == null) {
                throw new NullPointerException("callee of task " + t.label() + " is null");
            }
            return m.invoke(args[0], Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw DirectHooksHandler.<RuntimeException>sneaky(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call task " + t.label(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    @Override
    public void touch(Object o) {
    }

    @Override
    public void touchDeep(Object o) {
    }

    @Override
    public void file(Object pathLike) {
    }
}
