package io.braid.streams.internals.protocol;

/** The request succeeded and has nothing to return. */
public record Ack(long requestId) implements StreamReply {
}
