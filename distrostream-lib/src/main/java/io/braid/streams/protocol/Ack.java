package io.braid.streams.protocol;

/** The request succeeded and has nothing to return. */
public record Ack(long requestId) implements StreamReply {
}
