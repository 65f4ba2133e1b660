package streamapp;

import io.braid.streams.StreamSerializer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A custom stream serializer: strings as plain UTF-8 (chosen with BRAID_STREAMS_SERIALIZER=streamapp.Utf8Strings). */
public final class Utf8Strings implements StreamSerializer {
    @Override
    public byte[] serialize(Object value) throws IOException {
        if (!(value instanceof String s)) {
            throw new IOException("only strings");
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Object deserialize(byte[] data) {
        return new String(data, StandardCharsets.UTF_8);
    }
}
