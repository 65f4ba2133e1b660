package io.braid.comm.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.DecoderException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The primitives of the hand-written message bodies ({@link RunTaskBody}, {@link TaskDoneBody}).
 * Every length or count is an unsigned LEB128 varint of {@code n + 1}, so 0 stands for null and
 * short ones take one byte; strings are UTF-8; longs and ints are fixed big-endian; a boolean or an
 * optional record's presence is one byte (0 or 1). A length that runs past the body is a
 * {@link DecoderException}, never a huge allocation.
 */
final class Wire {

    /** Strings of at most this many chars take a one-byte length (3 UTF-8 bytes per char at most, < 128). */
    private static final int SHORT_STRING_CHARS = 42;

    private Wire() {
    }

    static void writeBoolean(ByteBuf out, boolean b) {
        out.writeByte(b ? 1 : 0);
    }

    static boolean readBoolean(ByteBuf in) {
        int b = in.readUnsignedByte();
        if (b > 1) {
            throw new DecoderException("boolean byte " + b + " at " + (in.readerIndex() - 1) + " is neither 0 nor 1");
        }
        return b == 1;
    }

    /** A count or length: null is -1, written as varint(n + 1). */
    static void writeCount(ByteBuf out, int n) {
        int v = n + 1;
        while ((v & ~0x7F) != 0) {
            out.writeByte((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte(v);
    }

    /**
     * A count or length written by {@link #writeCount}: -1 for null. Each counted item takes at
     * least {@code minItemBytes}, so a count the rest of the body cannot hold is rejected here.
     */
    static int readCount(ByteBuf in, int minItemBytes) {
        int at = in.readerIndex();
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (shift > 28) {
                throw new DecoderException("length at byte " + at + " is longer than 5 bytes");
            }
            int b = in.readUnsignedByte();
            v |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        int n = v - 1;
        if (n < -1 || (long) n * minItemBytes > in.readableBytes()) {
            throw new DecoderException("length " + n + " at byte " + at + " runs past the end of the body ("
                    + in.readableBytes() + " bytes left)");
        }
        return n;
    }

    static void writeString(ByteBuf out, String s) {
        if (s == null) {
            out.writeByte(0);
        } else if (s.length() <= SHORT_STRING_CHARS) {
            // Encode in place, then fill in the one-byte length: no separate pass to size it.
            int at = out.writerIndex();
            out.writeByte(0);
            int bytes = ByteBufUtil.writeUtf8(out, s);
            out.setByte(at, bytes + 1);
        } else {
            int bytes = ByteBufUtil.utf8Bytes(s);
            writeCount(out, bytes);
            ByteBufUtil.reserveAndWriteUtf8(out, s, bytes);
        }
    }

    static String readString(ByteBuf in) {
        int length = readCount(in, 1);
        if (length < 0) {
            return null;
        }
        String s = in.toString(in.readerIndex(), length, StandardCharsets.UTF_8);
        in.skipBytes(length);
        return s;
    }

    /**
     * A string that recurs from message to message (class, method and type names, executor names,
     * hosts): the same instance is returned for the same bytes while the cache keeps it, which
     * saves the worker and the master a String (and its hash) per field and message.
     */
    static String readName(ByteBuf in) {
        int length = readCount(in, 1);
        if (length < 0) {
            return null;
        }
        String s = NameCache.get(in, in.readerIndex(), length);
        in.skipBytes(length);
        return s;
    }

    static void writeStrings(ByteBuf out, List<String> list) {
        if (list == null) {
            writeCount(out, -1);
            return;
        }
        int n = list.size();
        writeCount(out, n);
        for (int i = 0; i < n; i++) {
            writeString(out, list.get(i));
        }
    }

    static List<String> readStrings(ByteBuf in) {
        return readStringList(in, false);
    }

    /** {@link #readStrings} whose elements are {@link #readName names}. */
    static List<String> readNames(ByteBuf in) {
        return readStringList(in, true);
    }

    private static List<String> readStringList(ByteBuf in, boolean names) {
        int n = readCount(in, 1);
        if (n < 0) {
            return null;
        }
        List<String> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(names ? readName(in) : readString(in));
        }
        return list;
    }

    /** A list of Longs: each element is a presence byte, then the value when present. */
    static void writeLongs(ByteBuf out, List<Long> list) {
        if (list == null) {
            writeCount(out, -1);
            return;
        }
        int n = list.size();
        writeCount(out, n);
        for (int i = 0; i < n; i++) {
            Long v = list.get(i);
            if (v == null) {
                out.writeByte(0);
            } else {
                out.writeByte(1).writeLong(v);
            }
        }
    }

    static List<Long> readLongs(ByteBuf in) {
        int n = readCount(in, 1);
        if (n < 0) {
            return null;
        }
        List<Long> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(readBoolean(in) ? in.readLong() : null);
        }
        return list;
    }
}
