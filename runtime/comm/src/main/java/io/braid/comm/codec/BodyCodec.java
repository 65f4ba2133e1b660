package io.braid.comm.codec;

import io.braid.comm.message.Message;
import io.netty.buffer.ByteBuf;

/**
 * A hand-written body for a message type on every task's path, where Jackson's generator and
 * parser per message cost more than the message's work (docs/performance/tasks.md). The layout is
 * the field order the implementation writes; a decoder ignores bytes after the fields it knows, so
 * a newer peer may append fields. Anything else changes {@link FrameCodec#PROTOCOL_VERSION}.
 */
interface BodyCodec<T extends Message> {
    Class<T> type();

    void write(T message, ByteBuf out);

    /** Reads the fields this build knows; the caller skips what follows them. */
    T read(ByteBuf in);
}
