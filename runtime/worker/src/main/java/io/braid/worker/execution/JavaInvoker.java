package io.braid.worker.execution;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Finds task methods in the application's classes (cached) and calls them. */
public final class JavaInvoker {
    private static final Map<String, Class<?>> PRIMITIVES = Map.of("int", int.class, "long", long.class,
            "double", double.class, "float", float.class, "boolean", boolean.class, "char", char.class,
            "byte", byte.class, "short", short.class);

    private final ClassLoader appLoader;
    private final Map<MethodKey, Method> methods = new ConcurrentHashMap<>();

    /**
     * What a task method is found by. A record, not a String built per call: the decoded names
     * are shared instances (the codec's name cache), so hashing and comparing them is cheap.
     */
    private record MethodKey(String className, String methodName, List<String> paramTypes) {
        // Written out: a record's own equals and hashCode are linked through invokedynamic the
        // first time they run, spinning method-handle classes in the interpreter during the
        // worker's first task (docs/performance/tasks.md, "A fresh run's first links").
        @Override
        public boolean equals(Object o) {
            return o instanceof MethodKey k && k.className.equals(className) && k.methodName.equals(methodName)
                    && k.paramTypes.equals(paramTypes);
        }

        @Override
        public int hashCode() {
            return (className.hashCode() * 31 + methodName.hashCode()) * 31 + paramTypes.hashCode();
        }
    }

    public JavaInvoker(ClassLoader appLoader) {
        this.appLoader = appLoader;
    }

    public ClassLoader appLoader() {
        return appLoader;
    }

    public Method find(String className, String methodName, List<String> paramTypes) throws ReflectiveOperationException {
        MethodKey key = new MethodKey(className, methodName, paramTypes);
        Method m = methods.get(key);
        if (m == null) {
            Class<?> owner = Class.forName(className, true, appLoader);
            Class<?>[] types = new Class<?>[paramTypes.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = classFor(paramTypes.get(i));
            }
            m = owner.getMethod(methodName, types);
            m.setAccessible(true);
            methods.put(new MethodKey(className, methodName, new ArrayList<>(paramTypes)), m); // not the job's own list
        }
        return m;
    }

    public Class<?> classFor(String name) throws ClassNotFoundException {
        Class<?> p = PRIMITIVES.get(name);
        return p != null ? p : Class.forName(name, false, appLoader);
    }

    /** Calls the task; a task's own exception is rethrown as itself (unwrapped). */
    public Object invoke(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
