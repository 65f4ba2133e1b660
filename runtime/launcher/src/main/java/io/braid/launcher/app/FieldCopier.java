package io.braid.launcher.app;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies an object's state into another object of the same class, field by field through
 * {@code Unsafe} offsets: the whole class hierarchy, private and final fields included, JDK
 * classes included ({@code Integer.value}, {@code String.value}, {@code ArrayList.elementData}).
 * The layout of each class is computed once.
 */
public final class FieldCopier {
    private static final sun.misc.Unsafe U = UnsafeAccess.UNSAFE;

    private static final ClassValue<Slot[]> LAYOUTS = new ClassValue<>() {
        @Override
        protected Slot[] computeValue(Class<?> type) {
            return layout(type);
        }
    };

    private FieldCopier() {
    }

    /** One instance field: its offset and how to move it. */
    private record Slot(long offset, char kind) {
    }

    /**
     * Copies {@code source} into {@code target}.
     *
     * @throws IllegalArgumentException if they are not of the same class, arrays of different
     *                                  length, or of a class whose fields cannot be addressed
     *                                  (records, hidden classes)
     */
    public static void copy(Object target, Object source) {
        if (target == null || source == null) {
            throw new IllegalArgumentException("cannot fill " + target + " from " + source);
        }
        Class<?> c = target.getClass();
        if (source.getClass() != c) {
            throw new IllegalArgumentException("cannot fill a " + c.getName() + " from a "
                    + source.getClass().getName());
        }
        if (target == source) {
            return;
        }
        if (c.isArray()) {
            int n = Array.getLength(source);
            if (Array.getLength(target) != n) {
                throw new IllegalArgumentException("cannot fill a " + c.getTypeName() + " of length "
                        + Array.getLength(target) + " from one of length " + n);
            }
            System.arraycopy(source, 0, target, 0, n);
            U.fullFence();
            return;
        }
        Slot[] slots;
        try {
            slots = LAYOUTS.get(c);
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot fill a " + c.getName() + " in place: " + e.getMessage());
        }
        for (Slot s : slots) {
            long o = s.offset;
            switch (s.kind) {
                case 'Z' -> U.putBoolean(target, o, U.getBoolean(source, o));
                case 'B' -> U.putByte(target, o, U.getByte(source, o));
                case 'C' -> U.putChar(target, o, U.getChar(source, o));
                case 'S' -> U.putShort(target, o, U.getShort(source, o));
                case 'I' -> U.putInt(target, o, U.getInt(source, o));
                case 'J' -> U.putLong(target, o, U.getLong(source, o));
                case 'F' -> U.putFloat(target, o, U.getFloat(source, o));
                case 'D' -> U.putDouble(target, o, U.getDouble(source, o));
                default -> U.putObject(target, o, U.getObject(source, o));
            }
        }
        // Publish the new state to threads that read the target without a lock.
        U.fullFence();
    }

    private static Slot[] layout(Class<?> type) {
        List<Slot> slots = new ArrayList<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Class<?> t = f.getType();
                char kind = t.isPrimitive() ? org.objectweb.asm.Type.getDescriptor(t).charAt(0) : 'L';
                slots.add(new Slot(U.objectFieldOffset(f), kind));
            }
        }
        return slots.toArray(new Slot[0]);
    }
}
