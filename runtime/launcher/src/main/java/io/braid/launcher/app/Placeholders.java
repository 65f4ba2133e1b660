package io.braid.launcher.app;

import java.lang.reflect.Modifier;

/**
 * Placeholders for task results: objects of the result's class allocated without running a
 * constructor, later filled in place ({@link #fillInPlace}) so that every reference to them sees
 * the value.
 */
public final class Placeholders {
    private Placeholders() {
    }

    /**
     * A fresh, distinct instance of {@code c} with every field zero/null, or null when {@code c}
     * cannot have a placeholder (abstract classes, interfaces, arrays, primitives, records, enums,
     * hidden classes): the caller must then wait for the value.
     */
    public static Object newPlaceholder(Class<?> c) {
        if (c == null || c.isPrimitive() || c.isArray() || c.isInterface()
                || Modifier.isAbstract(c.getModifiers()) || c.isRecord() || c.isEnum()
                || c.isHidden() || c == Class.class || c.isAnnotation()) {
            return null;
        }
        // An enum constant with a body is a subclass of its enum.
        if (c.getSuperclass() != null && c.getSuperclass().isEnum()) {
            return null;
        }
        try {
            return UnsafeAccess.UNSAFE.allocateInstance(c);
        } catch (InstantiationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Copies every instance field of {@code source} into {@code target} (or the elements, for
     * arrays). See {@link FieldCopier#copy}.
     */
    public static void fillInPlace(Object target, Object source) {
        FieldCopier.copy(target, source);
    }
}
