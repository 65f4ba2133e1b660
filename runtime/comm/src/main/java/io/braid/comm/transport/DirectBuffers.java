package io.braid.comm.transport;

import io.netty.util.internal.PlatformDependent;

import java.nio.ByteBuffer;

/**
 * Frees a direct buffer now rather than at some later GC: a fetched 512 MiB object handed to the
 * main program of another language would otherwise stay in the process until the heap, which it
 * is not part of, is collected.
 */
public final class DirectBuffers {
    private DirectBuffers() {
    }

    /** Frees a direct buffer's memory (the buffer must not be used afterwards); a heap buffer is left to the GC. */
    public static void free(ByteBuffer buffer) {
        if (buffer != null && buffer.isDirect()) {
            PlatformDependent.freeDirectBuffer(buffer);
        }
    }
}
