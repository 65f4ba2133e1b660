package io.braid.streams.internals.records;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RecordFrameTest {

    @Test
    void wrapThenUnwrap() {
        byte[] payload = "value".getBytes(StandardCharsets.UTF_8);
        byte[] r = RecordFrame.wrap("a.B", payload);
        assertArrayEquals(new byte[] {(byte) 0xB5, 1, 3, 'a', '.', 'B', 'v', 'a', 'l', 'u', 'e'}, r);
        RecordFrame f = RecordFrame.unwrap(r);
        assertEquals("a.B", f.serializer());
        assertArrayEquals(payload, f.payload());
        assertEquals(0, RecordFrame.unwrap(RecordFrame.wrap("x", new byte[0])).payload().length);
    }

    @Test
    void otherBytesAreNotFrames() {
        assertNull(RecordFrame.unwrap(new byte[0]));
        assertNull(RecordFrame.unwrap(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5}), "plain Java serialisation");
        assertNull(RecordFrame.unwrap(new byte[] {(byte) 0xB5, 2, 1, 'x'}), "unknown version");
        assertNull(RecordFrame.unwrap(new byte[] {(byte) 0xB5, 1, 9, 'x'}), "name longer than the record");
        assertNull(RecordFrame.unwrap(new byte[] {(byte) 0xB5, 1, 0, 'x'}), "empty name");
        assertThrows(IllegalArgumentException.class, () -> RecordFrame.wrap("", new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> RecordFrame.wrap("x".repeat(256), new byte[0]));
    }
}
