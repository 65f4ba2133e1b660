package io.braid.streams.internals.protocol;

/** Current metadata of a stream (closed flag included). Answered by {@link StreamInfo}. */
public record StreamStatus(long requestId, String streamId) implements StreamRequest {
}
