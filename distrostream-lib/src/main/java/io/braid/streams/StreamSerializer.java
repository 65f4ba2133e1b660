package io.braid.streams;

import java.io.IOException;

/**
 * Turns the values of object streams into record bytes and back. One serializer per process,
 * chosen by class name with the system property {@code braid.streams.serializer} or the
 * environment variable {@code BRAID_STREAMS_SERIALIZER} (default {@link JavaStreamSerializer});
 * every process that writes or reads a stream must choose the same one. Each record carries the
 * name of the serializer that wrote it, so a process using another one gets a
 * {@link BackendException} saying so instead of wrong values.
 *
 * <p>Implementations need a public no-argument constructor and must be thread-safe (a process
 * has one instance, shared by every handle and thread).
 */
public interface StreamSerializer {

    /** The bytes of {@code value}; an {@link IOException} when this serializer cannot write it. */
    byte[] serialize(Object value) throws IOException;

    /**
     * {@code prefix} followed by {@link #serialize}'s bytes of {@code value}, in one array (null
     * when {@link #serialize} gives null): the stream library puts its record header in front of
     * every value this way. The default copies both; a serializer that writes into a buffer of its
     * own can put the prefix there first and save a copy of the value ({@link JavaStreamSerializer}
     * does).
     */
    default byte[] serializeAfter(byte[] prefix, Object value) throws IOException {
        byte[] bytes = serialize(value);
        if (bytes == null) {
            return null;
        }
        byte[] out = java.util.Arrays.copyOf(prefix, prefix.length + bytes.length);
        System.arraycopy(bytes, 0, out, prefix.length, bytes.length);
        return out;
    }

    /** The value {@link #serialize} wrote as {@code data}. */
    Object deserialize(byte[] data) throws IOException, ClassNotFoundException;
}
