package io.braid.launcher.app;

import java.lang.reflect.Field;

/** The {@code sun.misc.Unsafe} instance (module jdk.unsupported), obtained reflectively once. */
final class UnsafeAccess {
    static final sun.misc.Unsafe UNSAFE = find();

    private UnsafeAccess() {
    }

    private static sun.misc.Unsafe find() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ExceptionInInitializerError("sun.misc.Unsafe is not available: " + e);
        }
    }
}
