package io.braid.streams.internals.protocol;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;

/**
 * Creates a stream, or attaches to the one named {@code alias} (nullable) if it exists: same type
 * required, the creator's mode wins. {@code baseDir}: absolute base directory of a file stream,
 * null for object streams. Answered by {@link StreamInfo} or {@link ErrorReply}.
 */
public record RegisterStream(long requestId, StreamType type, String alias, ConsumerMode mode, String baseDir)
        implements StreamRequest {
}
