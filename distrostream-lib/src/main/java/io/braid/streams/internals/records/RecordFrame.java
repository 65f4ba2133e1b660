package io.braid.streams.internals.records;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The layout of an object stream's record: a marker byte {@code 0xB5}, a format version
 * ({@code 1}), the length (1..255) and UTF-8 bytes of the class name of the serializer that wrote
 * the value, then the value's bytes. The name lets a reader refuse a record written with another
 * serializer instead of misreading it.
 *
 * @param serializer class name of the serializer that wrote {@code payload}
 * @param payload    the serialised value
 */
record RecordFrame(String serializer, byte[] payload) {

    static final int MARKER = 0xB5;
    static final int VERSION = 1;

    /** The record bytes. */
    static byte[] wrap(String serializer, byte[] payload) {
        byte[] header = header(serializer);
        byte[] r = Arrays.copyOf(header, header.length + payload.length);
        System.arraycopy(payload, 0, r, header.length, payload.length);
        return r;
    }

    /** What comes before the value's bytes in a record written with {@code serializer}. */
    static byte[] header(String serializer) {
        byte[] name = serializer.getBytes(StandardCharsets.UTF_8);
        if (name.length == 0 || name.length > 255) {
            throw new IllegalArgumentException("serializer name must have 1..255 bytes: " + serializer);
        }
        byte[] r = new byte[3 + name.length];
        r[0] = (byte) MARKER;
        r[1] = (byte) VERSION;
        r[2] = (byte) name.length;
        System.arraycopy(name, 0, r, 3, name.length);
        return r;
    }

    /** The frame of {@code record}, or null when it does not have this layout. */
    static RecordFrame unwrap(byte[] record) {
        if (record == null || record.length < 4 || (record[0] & 0xFF) != MARKER || record[1] != VERSION) {
            return null;
        }
        int n = record[2] & 0xFF;
        if (n == 0 || record.length < 3 + n) {
            return null;
        }
        return new RecordFrame(new String(record, 3, n, StandardCharsets.UTF_8),
                Arrays.copyOfRange(record, 3 + n, record.length));
    }
}
