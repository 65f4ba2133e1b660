package io.braid.worker.execution.c;

import java.nio.ByteBuffer;

/**
 * The C worker protocol's type codes and VALUE encodings (docs/DESIGN.md, "C worker protocol"):
 * braid_tasks.h's codes, {@code | 0x80} unsigned; boolean and char 1 byte, short 2, int 4, long 8,
 * float 4, double 8 (big-endian), string and File a {@code u32} length and UTF-8 bytes, a user
 * type a {@code u32} length and its serialise function's bytes.
 */
final class CTypes {
    static final int VOID = 0;
    static final int FILE = 9;
    static final int OBJECT = 10;
    static final int OBJECT_STREAM = 11;
    static final int FILE_STREAM = 12;
    static final int UNSIGNED = 0x80;
    static final int IN = 0;
    static final int OUT = 1;
    static final int INOUT = 2;

    private static final String[] NAMES = {"void", "boolean", "char", "short", "int", "long", "float", "double",
        "string", "File", "object", "ObjectStream", "FileStream"};
    private static final int[] FIXED = {0, 1, 1, 2, 4, 8, 4, 8};

    private CTypes() {
    }

    static int base(int type) {
        return type & 0x7f;
    }

    /** "int", "unsigned long", "Point" (a user type), as the IDL spells it. */
    static String name(int type, String userType) {
        int b = base(type);
        String n = b == OBJECT ? (userType == null || userType.isEmpty() ? "object" : userType)
                : b < NAMES.length ? NAMES[b] : "type " + b;
        return (type & UNSIGNED) != 0 ? "unsigned " + n : n;
    }

    static String direction(int direction) {
        return direction == IN ? "in" : direction == OUT ? "out" : direction == INOUT ? "inout" : "direction " + direction;
    }

    /**
     * The length of the VALUE of {@code type} at {@code buf}'s position (advanced past it), or -1
     * when the bytes left do not hold one.
     */
    static int skipValue(ByteBuffer buf, int type) {
        int b = base(type);
        if (b > VOID && b < FIXED.length) {
            int n = FIXED[b];
            if (buf.remaining() < n) {
                return -1;
            }
            buf.position(buf.position() + n);
            return n;
        }
        if (b == 8 || b == FILE || b == OBJECT) {
            if (buf.remaining() < 4) {
                return -1;
            }
            long n = Integer.toUnsignedLong(buf.getInt());
            if (buf.remaining() < n) {
                return -1;
            }
            buf.position(buf.position() + (int) n);
            return 4 + (int) n;
        }
        return -1;
    }

    static boolean isStream(int type) {
        return base(type) == OBJECT_STREAM || base(type) == FILE_STREAM;
    }

    /** Whether {@code bytes} are exactly one VALUE of {@code type}. */
    static boolean isValue(byte[] bytes, int type) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        return skipValue(buf, type) >= 0 && !buf.hasRemaining();
    }

    /** The expected form, for an error: "4 bytes", "a u32 length and its bytes". */
    static String expected(int type) {
        int b = base(type);
        return b > VOID && b < FIXED.length ? FIXED[b] + " byte" + (FIXED[b] == 1 ? "" : "s")
                : "a 4-byte length and that many bytes";
    }
}
