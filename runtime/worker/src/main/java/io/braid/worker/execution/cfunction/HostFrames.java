package io.braid.worker.execution.cfunction;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Frames between the worker and its native task host: a 4-byte big-endian length, then that many
 * bytes, read and written with {@link DataInputStream}/{@link DataOutputStream}. Strings and
 * byte blocks inside a frame are a 4-byte length (-1: null) followed by their bytes.
 */
final class HostFrames {
    private HostFrames() {
    }

    /** Writes {@code payload} as one frame and flushes. */
    static void write(DataOutputStream out, byte[] payload) throws IOException {
        out.writeInt(payload.length);
        out.write(payload);
        out.flush();
    }

    /** The next frame's bytes, or null at the end of the stream (the other side is gone). */
    static byte[] read(DataInputStream in) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        if (length < 0) {
            throw new IOException("malformed frame: length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        writeBlob(out, s == null ? null : s.getBytes(StandardCharsets.UTF_8));
    }

    static String readString(DataInputStream in) throws IOException {
        byte[] b = readBlob(in);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static void writeBlob(DataOutputStream out, byte[] b) throws IOException {
        if (b == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(b.length);
        out.write(b);
    }

    static byte[] readBlob(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }
}
