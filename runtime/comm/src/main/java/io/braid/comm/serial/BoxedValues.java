package io.braid.comm.serial;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Java serialisation of the boxed primitives ({@code Integer}, {@code Long}, {@code Double}, ...)
 * without an object stream: the bytes are exactly those {@link ObjectOutputStream} writes (its
 * header and class descriptors, the same for every value of a class, then the value), so either
 * side may use the stream instead. A task result such as an {@code Integer} is the commonest datum,
 * and a reducer taking 10,000 of them read each through a new {@code ObjectInputStream} (about
 * 20-30 µs each, more than the rest of the fan-in).
 */
final class BoxedValues {
    /** One boxed class: the bytes before the value, and the value's width. */
    private record Form(Class<?> type, byte[] prefix, int width) {
    }

    private static final Form[] FORMS = {
        form(Integer.valueOf(0), 4), form(Long.valueOf(0), 8), form(Double.valueOf(0), 8), form(Float.valueOf(0), 4),
        form(Boolean.FALSE, 1), form(Short.valueOf((short) 0), 2), form(Byte.valueOf((byte) 0), 1),
        form(Character.valueOf('a'), 2),
    };

    /** Returned by {@link #read} for bytes of another form. */
    static final Object NOT_BOXED = new Object();

    private BoxedValues() {
    }

    private static Form form(Object sample, int width) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(sample);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] all = bytes.toByteArray();
        return new Form(sample.getClass(), Arrays.copyOf(all, all.length - width), width);
    }

    /** The serialised bytes of a boxed primitive, or null for any other value. */
    static byte[] write(Object value) {
        if (value == null) {
            return null;
        }
        Class<?> c = value.getClass();
        for (Form f : FORMS) {
            if (f.type == c) {
                byte[] out = Arrays.copyOf(f.prefix, f.prefix.length + f.width);
                ByteBuffer b = ByteBuffer.wrap(out, f.prefix.length, f.width); // big-endian, as DataOutput
                if (value instanceof Integer i) {
                    b.putInt(i);
                } else if (value instanceof Long l) {
                    b.putLong(l);
                } else if (value instanceof Double d) {
                    b.putDouble(d);
                } else if (value instanceof Float x) {
                    b.putFloat(x);
                } else if (value instanceof Boolean x) {
                    b.put((byte) (x ? 1 : 0));
                } else if (value instanceof Short x) {
                    b.putShort(x);
                } else if (value instanceof Byte x) {
                    b.put(x);
                } else {
                    b.putChar((Character) value);
                }
                return out;
            }
        }
        return null;
    }

    /** The boxed value these bytes hold, or {@link #NOT_BOXED}. */
    static Object read(byte[] data) {
        for (Form f : FORMS) {
            int n = f.prefix.length;
            if (data.length == n + f.width && Arrays.equals(data, 0, n, f.prefix, 0, n)) {
                ByteBuffer b = ByteBuffer.wrap(data, n, f.width);
                Class<?> c = f.type;
                if (c == Integer.class) {
                    return b.getInt();
                } else if (c == Long.class) {
                    return b.getLong();
                } else if (c == Double.class) {
                    return b.getDouble();
                } else if (c == Float.class) {
                    return b.getFloat();
                } else if (c == Boolean.class) {
                    return b.get() != 0;
                } else if (c == Short.class) {
                    return b.getShort();
                } else if (c == Byte.class) {
                    return b.get();
                } else {
                    return b.getChar();
                }
            }
        }
        return NOT_BOXED;
    }
}
