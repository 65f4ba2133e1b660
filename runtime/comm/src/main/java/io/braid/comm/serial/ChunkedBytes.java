package io.braid.comm.serial;

import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * An output stream that keeps what is written in chunks instead of one growing array, and hands
 * it out once, as one exact-size array after a given prefix ({@link #toByteArray(byte[])}). A
 * {@link java.io.ByteArrayOutputStream} copies everything written so far each time it grows
 * (a 1 MiB value: about 1 MiB more copied and 2 MiB more allocated) and once more to hand it out;
 * a caller that puts a header in front copies it yet again. Here each byte is copied in once and
 * out once. Chunks grow with the total (from 256 bytes up to 256 KiB), so small values stay one
 * small chunk and large ones waste at most one chunk's tail. Not thread-safe.
 */
final class ChunkedBytes extends OutputStream {
    private static final int FIRST = 256;
    private static final int LARGEST = 256 * 1024;

    private final List<byte[]> full = new ArrayList<>();
    private byte[] current = new byte[FIRST];
    private int pos;
    private long size;

    @Override
    public void write(int b) {
        if (pos == current.length) {
            next();
        }
        current[pos++] = (byte) b;
        size++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            if (pos == current.length) {
                next();
            }
            int n = Math.min(len, current.length - pos);
            System.arraycopy(b, off, current, pos, n);
            pos += n;
            off += n;
            len -= n;
            size += n;
        }
    }

    private void next() {
        full.add(current);
        current = new byte[(int) Math.min(LARGEST, Math.max(FIRST, size))];
        pos = 0;
    }

    /** {@code prefix} followed by everything written, in one new array of exactly that length. */
    byte[] toByteArray(byte[] prefix) {
        long total = prefix.length + size;
        if (total > Integer.MAX_VALUE - 8) {
            throw new OutOfMemoryError("a serialised value of " + total + " bytes does not fit in one array");
        }
        byte[] out = new byte[(int) total];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        int at = prefix.length;
        for (byte[] chunk : full) {
            System.arraycopy(chunk, 0, out, at, chunk.length);
            at += chunk.length;
        }
        System.arraycopy(current, 0, out, at, pos);
        return out;
    }
}
