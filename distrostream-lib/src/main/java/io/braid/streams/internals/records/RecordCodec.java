package io.braid.streams.internals.records;

import io.braid.streams.BackendException;
import io.braid.streams.StreamSerializer;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;

/**
 * Values of one object stream to records and back, with this process's serializer
 * ({@link SerializerChoice}) and the {@link RecordFrame} layout; every failure is a
 * {@link BackendException} naming the stream and the serializer.
 */
public final class RecordCodec {

    private final StreamSerializer serializer;
    private final String serializerName;
    /** The records' header (serializer name), written in front of each value by the serializer itself. */
    private final byte[] header;
    private final String stream;

    private RecordCodec(StreamSerializer serializer, String stream) {
        this.serializer = serializer;
        this.serializerName = serializer.getClass().getName();
        this.header = RecordFrame.header(serializerName);
        this.stream = stream;
    }

    /** The codec of stream {@code stream} (its description for messages) with this process's serializer. */
    public static RecordCodec forStream(String stream) throws BackendException {
        return new RecordCodec(SerializerChoice.current(stream), stream);
    }

    /** For tests and callers that pick the serializer themselves. */
    static RecordCodec of(StreamSerializer serializer, String stream) {
        return new RecordCodec(serializer, stream);
    }

    public byte[] encode(Object value) throws BackendException {
        byte[] record;
        try {
            record = serializer.serializeAfter(header.clone(), value); // a copy: a serializer may keep or change it
        } catch (NotSerializableException e) {
            throw new BackendException("cannot publish on stream " + stream + ": " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            throw new BackendException("cannot serialise " + (value == null ? "null" : value.getClass().getName())
                    + " with " + serializerName + " to publish on stream " + stream + ": " + e, e);
        }
        if (record == null) {
            throw new BackendException(serializerName + " returned null for a value published on stream " + stream);
        }
        return record;
    }

    public Object decode(byte[] record) throws BackendException {
        RecordFrame frame = RecordFrame.unwrap(record);
        String cannot = "cannot read a record of stream " + stream;
        if (frame == null) {
            throw new BackendException(cannot + ": it has no serializer header (it was not published through"
                    + " ObjectDistroStream); this process reads with " + serializerName);
        }
        if (!frame.serializer().equals(serializerName)) {
            throw new BackendException(cannot + ": it was written with serializer " + frame.serializer()
                    + " and this process uses " + serializerName + "; every process of a stream must set "
                    + SerializerChoice.PROPERTY + " (or " + SerializerChoice.ENV + ") to the same class");
        }
        try {
            return serializer.deserialize(frame.payload());
        } catch (InvalidClassException e) {
            throw new BackendException(cannot + ": class " + e.classname + " " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw new BackendException(cannot + ": class " + e.getMessage() + " is not on this process's classpath", e);
        } catch (IOException | RuntimeException e) {
            throw new BackendException(cannot + " with " + serializerName + ": " + e, e);
        }
    }
}
