package io.braid.comm.serial;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamConstants;
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

    /*
     * The prefixes are written here as ObjectOutputStream writes them (Java Object Serialization
     * Specification, 6.4: the stream header, TC_OBJECT, the class descriptor with the class's
     * serialVersionUID and its one field "value", then its superclass's descriptor), not by
     * serialising a sample through an ObjectOutputStream: that builds each class's ObjectStreamClass
     * by reflection and generates a constructor accessor per class, several milliseconds in the
     * interpreter on the first task of a fresh run (docs/performance/tasks.md, "A fresh run's first
     * links"). BoxedValuesTest checks them against the object stream's bytes.
     */
    private static final long NUMBER_UID = -8742448824652078965L;

    private static final Form[] FORMS = {
        form(Integer.class, 1360826667806852920L, 'I', 4, true),
        form(Long.class, 4290774380558885855L, 'J', 8, true),
        form(Double.class, -9172774392245257468L, 'D', 8, true),
        form(Float.class, -2671257302660747028L, 'F', 4, true),
        form(Boolean.class, -3665804199014368530L, 'Z', 1, false),
        form(Short.class, 7515723908773894738L, 'S', 2, true),
        form(Byte.class, -7183698231559129828L, 'B', 1, true),
        form(Character.class, 3786198910865385080L, 'C', 2, false),
    };

    /** Returned by {@link #read} for bytes of another form. */
    static final Object NOT_BOXED = new Object();

    private BoxedValues() {
    }

    private static Form form(Class<?> type, long serialVersionUid, char fieldType, int width, boolean aNumber) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeShort(ObjectStreamConstants.STREAM_MAGIC);
            out.writeShort(ObjectStreamConstants.STREAM_VERSION);
            out.writeByte(ObjectStreamConstants.TC_OBJECT);
            classDescriptor(out, type.getName(), serialVersionUid, fieldType);
            if (aNumber) {
                classDescriptor(out, Number.class.getName(), NUMBER_UID, (char) 0);
            }
            out.writeByte(ObjectStreamConstants.TC_NULL); // the last superclass: none (Object)
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Form(type, bytes.toByteArray(), width);
    }

    /** A class descriptor with the one primitive field "value" ({@code fieldType}), or none when 0. */
    private static void classDescriptor(DataOutputStream out, String className, long uid, char fieldType)
            throws IOException {
        out.writeByte(ObjectStreamConstants.TC_CLASSDESC);
        out.writeUTF(className);
        out.writeLong(uid);
        out.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
        out.writeShort(fieldType == 0 ? 0 : 1);
        if (fieldType != 0) {
            out.writeByte(fieldType);
            out.writeUTF("value");
        }
        out.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA); // no class annotation
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
