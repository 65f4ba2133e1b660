package io.braid.streams;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** A custom serializer for tests: strings as plain UTF-8, strict on the way in. */
public final class Utf8StringSerializer implements StreamSerializer {

    @Override
    public byte[] serialize(Object value) throws IOException {
        if (!(value instanceof String s)) {
            throw new IOException("only strings, not " + (value == null ? "null" : value.getClass().getName()));
        }
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Object deserialize(byte[] data) throws IOException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(data)).toString();
        } catch (CharacterCodingException e) {
            throw new IOException("not UTF-8: " + e, e);
        }
    }
}
