package io.braid.streams.internals.protocol;

/**
 * {@code writerId} (one per handle, or per task) becomes a writer of the stream, owned by the
 * client of this connection ({@code clientId}, as in its hello). Answered by {@link Ack}.
 */
public record RegisterWriter(long requestId, String streamId, String clientId, String writerId) implements StreamRequest {
}
