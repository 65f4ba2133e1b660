package io.braid.streams.internals.protocol;

/** Writer {@code writerId} (registered on its first publish) names a file of the stream's base directory. Answered by {@link Ack}. */
public record PublishFile(long requestId, String streamId, String clientId, String writerId, String path)
        implements StreamRequest {
}
