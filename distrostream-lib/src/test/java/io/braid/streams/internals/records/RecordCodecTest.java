package io.braid.streams.internals.records;

import io.braid.streams.JavaStreamSerializer;
import io.braid.streams.StreamSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Records as the publishing side writes them: the header the serializer puts in front, then its bytes. */
class RecordCodecTest {

    /** A user serializer without serializeAfter of its own: the interface's default frames it. */
    public static final class Reversing implements StreamSerializer {
        @Override
        public byte[] serialize(Object value) {
            byte[] b = ((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] r = new byte[b.length];
            for (int i = 0; i < b.length; i++) {
                r[i] = b[b.length - 1 - i];
            }
            return r;
        }

        @Override
        public Object deserialize(byte[] data) {
            return new StringBuilder(new String(data, java.nio.charset.StandardCharsets.UTF_8)).reverse().toString();
        }
    }

    @Test
    void aLargeValueIsOneFrameWithTheSerializersBytesAndComesBack() throws Exception {
        byte[] large = new byte[(1 << 20) + 5];
        new java.util.Random(3).nextBytes(large);
        JavaStreamSerializer java = new JavaStreamSerializer();
        RecordCodec codec = RecordCodec.of(java, "s1");
        byte[] record = codec.encode(large);
        assertArrayEquals(RecordFrame.wrap(JavaStreamSerializer.class.getName(), java.serialize(large)), record);
        assertArrayEquals(large, (byte[]) codec.decode(record));
    }

    @Test
    void aSerializerWithoutItsOwnSerializeAfterIsFramedByTheDefault() throws IOException, Exception {
        RecordCodec codec = RecordCodec.of(new Reversing(), "s2");
        byte[] record = codec.encode("abc");
        assertArrayEquals(RecordFrame.wrap(Reversing.class.getName(), new byte[] {'c', 'b', 'a'}), record);
        assertEquals("abc", codec.decode(record));
        assertEquals("abc", codec.decode(codec.encode("abc"))); // the header the codec keeps is unchanged
    }
}
