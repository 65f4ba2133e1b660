package io.braid.comm.codec;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * Decoded strings that recur in every message (class and method names, parameter types, executor
 * names), kept by their UTF-8 bytes so a decoder returns the same String instead of a new one.
 * Direct-mapped: a slot holds the last name that hashed to it, and a collision only replaces it.
 * Shared by every decoding thread without a lock: a slot holds an immutable entry, so a racing
 * reader sees either the old or the new one, both correct for the bytes they hold.
 */
final class NameCache {
    private static final int SLOTS = 1024;
    /** Longer strings are decoded every time: names are short, and long values rarely repeat. */
    private static final int MAX_BYTES = 96;

    private record Entry(byte[] bytes, String value) {
    }

    private static final Entry[] TABLE = new Entry[SLOTS];

    private NameCache() {
    }

    /** The string of the {@code length} UTF-8 bytes at {@code index} of {@code in} (the reader index is not moved). */
    static String get(ByteBuf in, int index, int length) {
        if (length > MAX_BYTES) {
            return in.toString(index, length, StandardCharsets.UTF_8);
        }
        int h = length;
        for (int i = 0; i < length; i++) {
            h = 31 * h + in.getByte(index + i);
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        Entry e = TABLE[slot];
        if (e != null && sameBytes(e.bytes, in, index, length)) {
            return e.value;
        }
        byte[] bytes = new byte[length];
        in.getBytes(index, bytes);
        String value = new String(bytes, StandardCharsets.UTF_8);
        TABLE[slot] = new Entry(bytes, value);
        return value;
    }

    private static boolean sameBytes(byte[] cached, ByteBuf in, int index, int length) {
        if (cached.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (cached[i] != in.getByte(index + i)) {
                return false;
            }
        }
        return true;
    }
}
