package io.braid.comm.serial;

import java.io.ObjectInputFilter;
import java.util.Set;

/**
 * Admits the application's classes (those its class loader defines), arrays of admitted types,
 * and the JDK's value classes. Everything else (e.g. gadget classes from libraries on the
 * runtime's own classpath) is rejected.
 */
final class ValueClassFilter implements ObjectInputFilter {
    private static final Set<String> JDK_PACKAGES = Set.of("java.lang", "java.util", "java.time",
            "java.math", "java.util.concurrent", "java.util.concurrent.atomic", "java.net", "java.io");
    private static final Set<String> JDK_REJECTED = Set.of("java.lang.Runtime", "java.lang.ProcessBuilder",
            "java.lang.Thread", "java.lang.ClassLoader", "java.io.FileDescriptor");

    private final ClassLoader appLoader;
    private String rejected;

    /** One per stream: it remembers the class it rejected, for the error message. */
    ValueClassFilter(ClassLoader appLoader) {
        this.appLoader = appLoader;
    }

    String rejected() {
        return rejected;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive()) {
            return Status.ALLOWED;
        }
        if (admitted(c)) {
            return Status.ALLOWED;
        }
        rejected = info.serialClass().getName();
        return Status.REJECTED;
    }

    private boolean admitted(Class<?> c) {
        if (c == SerialByteBuffer.class || java.nio.ByteBuffer.class.isAssignableFrom(c)) {
            return true; // what SerialByteBuffer resolves to is checked too
        }
        if (isApplicationClass(c)) {
            return true;
        }
        if (c.getClassLoader() != null) {
            return false;
        }
        if (JDK_REJECTED.contains(c.getName())) {
            return false;
        }
        return JDK_PACKAGES.contains(c.getPackageName()) || c.getName().startsWith("java.util.ImmutableCollections");
    }

    /**
     * Classes defined by the application's loader or one of its ancestors. When the application
     * shares the system class path with Braid (tests, embedded use), Braid's own dependencies
     * defined there are still refused.
     */
    private boolean isApplicationClass(Class<?> c) {
        ClassLoader defining = c.getClassLoader();
        if (defining == null || appLoader == null) {
            return false;
        }
        boolean ancestor = false;
        for (ClassLoader cur = appLoader; cur != null && !ancestor; cur = cur.getParent()) {
            ancestor = cur == defining;
        }
        if (!ancestor) {
            return false;
        }
        if (defining != ClassLoader.getSystemClassLoader()) {
            return true;
        }
        String n = c.getName();
        return !(n.startsWith("io.braid.") || n.startsWith("io.netty.") || n.startsWith("com.fasterxml.")
                || n.startsWith("org.slf4j.") || n.startsWith("org.objectweb."));
    }
}
