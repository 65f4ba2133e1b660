package io.braid.streams.internals.protocol;

/**
 * Writer {@code writerId} closes the stream (registered first if it never published). When every
 * writer has closed, the stream is closed and its clients get a {@link StreamClosedPush}.
 * Answered by {@link StreamInfo} (with the resulting closed flag).
 */
public record CloseWriter(long requestId, String streamId, String clientId, String writerId) implements StreamRequest {
}
