package io.braid.streams.internals.protocol;

/**
 * Reader {@code readerId} (one per object reader, a new id each time a handle starts reading)
 * starts reading an object stream for its client's application. Answered by {@link Ack}, after the
 * server has sent {@link ApplicationReaders} to every client of the application reading the
 * stream, this one included, so the new reader knows its count when the answer arrives.
 */
public record OpenObjectReader(long requestId, String streamId, String readerId) implements StreamRequest {
}
