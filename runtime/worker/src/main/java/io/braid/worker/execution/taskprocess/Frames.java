package io.braid.worker.execution.taskprocess;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

/** The task processes' framing: a 4-byte big-endian length, then that many bytes. */
public final class Frames {
    private Frames() {
    }

    /** Writes one frame (not flushed). */
    public static void write(DataOutputStream out, byte[] bytes, int length) throws IOException {
        out.writeInt(length);
        out.write(bytes, 0, length);
    }

    /** The next frame, or null when the stream ended before it began (the process is gone). */
    public static byte[] readOrNull(DataInputStream in, String peer) throws IOException {
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            return null;
        }
        return read(in, length, peer);
    }

    /** The {@code length} bytes of a frame whose length was read. */
    public static byte[] read(DataInputStream in, int length, String peer) throws IOException {
        if (length < 0) {
            throw new IOException(peer + " sent a frame of negative length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
