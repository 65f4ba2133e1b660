package io.braid.streams.protocol;

/** Records of the stream accepted by the application's readers, as they reported them. */
public record ProgressTotal(long requestId, long accepted) implements StreamReply {
}
