package io.braid.comm.serial;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/**
 * Java serialisation of task data, with the application's class loader and a class filter on
 * the way in: only the application's classes and the JDK's value classes are deserialised
 * (see {@link ValueClassFilter}). A {@link java.nio.ByteBuffer}, not Serializable, travels as a
 * {@link SerialByteBuffer} and comes back as a heap buffer.
 */
public final class ObjectSerializer {
    private static final byte[] NO_PREFIX = new byte[0];

    private final ClassLoader appLoader;

    public ObjectSerializer(ClassLoader appLoader) {
        this.appLoader = appLoader;
    }

    public byte[] serialize(Object value) throws IOException {
        return serialize(value, null);
    }

    /**
     * Serialises {@code value}; {@code beforeWrite}, when given, sees every object written
     * (the master uses it to wait for objects that a task has not produced yet).
     */
    public byte[] serialize(Object value, UnaryOperator<Object> beforeWrite) throws IOException {
        return serialize(NO_PREFIX, value, beforeWrite);
    }

    /**
     * {@code prefix} followed by the bytes {@link #serialize(Object)} gives, in one array: a record
     * header in front of a large value costs no further copy of the value.
     */
    public byte[] serializeAfter(byte[] prefix, Object value) throws IOException {
        return serialize(prefix, value, null);
    }

    private byte[] serialize(byte[] prefix, Object value, UnaryOperator<Object> beforeWrite) throws IOException {
        byte[] boxed = BoxedValues.write(value);
        if (boxed != null) {
            return prefix.length == 0 ? boxed : concat(prefix, boxed);
        }
        ChunkedBytes bytes = new ChunkedBytes();
        try (ObjectOutputStream out = new HookedOutputStream(bytes, beforeWrite)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new NotSerializableException("class " + e.getMessage()
                    + " is not Serializable: task data must implement java.io.Serializable");
        }
        return bytes.toByteArray(prefix);
    }

    private static byte[] concat(byte[] prefix, byte[] rest) {
        byte[] out = java.util.Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, out, prefix.length, rest.length);
        return out;
    }

    public Object deserialize(byte[] data) throws IOException, ClassNotFoundException {
        Object boxed = BoxedValues.read(data);
        if (boxed != BoxedValues.NOT_BOXED) {
            return boxed;
        }
        return deserialize(new ByteArrayInputStream(data));
    }

    public Object deserialize(InputStream data) throws IOException, ClassNotFoundException {
        ValueClassFilter filter = new ValueClassFilter(appLoader);
        try (ObjectInputStream in = new AppObjectInputStream(data)) {
            in.setObjectInputFilter(filter);
            return in.readObject();
        } catch (InvalidClassException e) {
            if (filter.rejected() == null) {
                throw e;
            }
            throw new InvalidClassException(filter.rejected(), "rejected by Braid's deserialisation filter"
                    + " (only application classes and JDK value classes are accepted)");
        }
    }

    private final class AppObjectInputStream extends ObjectInputStream {
        AppObjectInputStream(InputStream in) throws IOException {
            super(in);
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) {
            return obj instanceof SerialByteBuffer b ? b.toBuffer() : obj;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, appLoader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }

    private static final class HookedOutputStream extends ObjectOutputStream {
        private final UnaryOperator<Object> hook;

        HookedOutputStream(OutputStream out, UnaryOperator<Object> hook) throws IOException {
            super(out);
            this.hook = hook;
            enableReplaceObject(true); // ByteBuffers, whatever the hook
        }

        @Override
        protected Object replaceObject(Object obj) {
            Object o = hook == null ? obj : hook.apply(obj);
            return o instanceof java.nio.ByteBuffer b ? SerialByteBuffer.of(b) : o;
        }
    }
}
