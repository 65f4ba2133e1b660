package io.braid.streams;

import io.braid.comm.serial.ObjectSerializer;

import java.io.IOException;

/**
 * The default {@link StreamSerializer}: Java serialisation, with the thread context class loader
 * and Braid's class filter on the way in (application classes and JDK value classes only), as
 * task data.
 */
public final class JavaStreamSerializer implements StreamSerializer {

    @Override
    public byte[] serialize(Object value) throws IOException {
        return serializer().serialize(value);
    }

    @Override
    public byte[] serializeAfter(byte[] prefix, Object value) throws IOException {
        return serializer().serializeAfter(prefix, value);
    }

    @Override
    public Object deserialize(byte[] data) throws IOException, ClassNotFoundException {
        return serializer().deserialize(data);
    }

    private static ObjectSerializer serializer() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return new ObjectSerializer(l != null ? l : JavaStreamSerializer.class.getClassLoader());
    }
}
