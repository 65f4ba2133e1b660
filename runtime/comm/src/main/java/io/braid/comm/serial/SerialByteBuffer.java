package io.braid.comm.serial;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link ByteBuffer} as Java serialisation carries it (ByteBuffer is not Serializable): its
 * whole content, position, limit, byte order and read-only flag. It comes back as a heap buffer
 * even when it was direct: the main program fills its own buffer in place from what a task
 * wrote, and a heap buffer's fields (its array) can be moved into another heap buffer, where a
 * direct buffer's address would point into memory freed with the buffer it came from.
 */
record SerialByteBuffer(byte[] content, int position, int limit, boolean bigEndian, boolean readOnly)
        implements Serializable {

    static SerialByteBuffer of(ByteBuffer b) {
        ByteBuffer all = b.duplicate().clear();
        byte[] content = new byte[all.capacity()];
        all.get(content);
        return new SerialByteBuffer(content, b.position(), b.limit(), b.order() == ByteOrder.BIG_ENDIAN, b.isReadOnly());
    }

    ByteBuffer toBuffer() {
        ByteBuffer b = ByteBuffer.wrap(content).order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        b.limit(limit).position(position);
        return readOnly ? b.asReadOnlyBuffer() : b;
    }
}
