package io.braid.streams.internals.protocol;

/** Records of the stream accepted by the application's readers, as they reported them. */
public record ProgressTotal(long requestId, long accepted) implements StreamReply {
}
