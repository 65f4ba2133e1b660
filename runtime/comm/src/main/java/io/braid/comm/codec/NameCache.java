package io.braid.comm.codec;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decoded strings that recur in every message (class and method names, parameter types, executor
 * names), kept by their UTF-8 bytes so a decoder returns the same String instead of a new one.
 * Direct-mapped: a slot holds the last name that hashed to it, and a collision only replaces it.
 * Shared by every decoding thread without a lock: a slot holds an immutable entry, so a racing
 * reader sees either the old or the new one, both correct for the bytes they hold.
 *
 * <p>The bytes are copied out of the buffer in one call, into the decoding thread's scratch array,
 * and hashed and compared there: a loop of {@code ByteBuf.getByte} calls (a bounds and reference
 * count check per byte, on two buffer classes) made this the largest method a worker's C2
 * compiled in the 4-host bench, compiled again after each deoptimisation (docs/performance/clusters.md).
 */
final class NameCache {
    private static final int SLOTS = 1024;
    /** Longer strings are decoded every time: names are short, and long values rarely repeat. */
    private static final int MAX_BYTES = 96;

    private record Entry(byte[] bytes, String value) {
    }

    private static final Entry[] TABLE = new Entry[SLOTS];
    /** The decoding thread's copy of the bytes (Netty's event loops are FastThreadLocalThreads). */
    private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[MAX_BYTES];
        }
    };

    private NameCache() {
    }

    /** The string of the {@code length} UTF-8 bytes at {@code index} of {@code in} (the reader index is not moved). */
    static String get(ByteBuf in, int index, int length) {
        if (length > MAX_BYTES) {
            return in.toString(index, length, StandardCharsets.UTF_8);
        }
        byte[] scratch = SCRATCH.get();
        in.getBytes(index, scratch, 0, length);
        int h = length;
        for (int i = 0; i < length; i++) {
            h = 31 * h + scratch[i];
        }
        int slot = (h ^ (h >>> 16)) & (SLOTS - 1);
        Entry e = TABLE[slot];
        if (e != null && Arrays.equals(e.bytes, 0, e.bytes.length, scratch, 0, length)) {
            return e.value;
        }
        byte[] bytes = Arrays.copyOf(scratch, length);
        String value = new String(bytes, StandardCharsets.UTF_8);
        TABLE[slot] = new Entry(bytes, value);
        return value;
    }
}
