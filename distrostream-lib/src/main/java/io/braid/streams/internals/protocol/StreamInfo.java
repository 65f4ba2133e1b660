package io.braid.streams.internals.protocol;

import io.braid.streams.ConsumerMode;
import io.braid.streams.StreamType;

/** A stream's metadata as the server holds it. {@code alias} and {@code baseDir} may be null. */
public record StreamInfo(long requestId, String streamId, String alias, StreamType type, ConsumerMode mode,
                         String baseDir, boolean closed) implements StreamReply {
}
