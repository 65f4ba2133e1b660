package io.braid.streams.internals.protocol;

/** {@code readerId} (one per handle) becomes a reader of the stream for its client. Answered by {@link Ack}. */
public record RegisterReader(long requestId, String streamId, String clientId, String readerId) implements StreamRequest {
}
