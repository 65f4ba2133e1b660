package io.braid.streams.internals.protocol;

/** Metadata of a stream by id, or by alias when {@code streamId} is null. Answered by {@link StreamInfo}. */
public record LookupStream(long requestId, String streamId, String alias) implements StreamRequest {
}
