package io.braid.streams.internals.protocol;

/**
 * Reports as {@link ReaderProgress} (reader {@code readerId}'s cumulative accepted count), then
 * asks how many records of the stream {@code applicationId}'s readers have accepted in all.
 * Answered by {@link ProgressTotal}. A draining reader is done when that total reaches the
 * number of records published.
 */
public record ApplicationProgress(long requestId, String streamId, String applicationId, String readerId,
                                  long accepted) implements StreamRequest {
}
