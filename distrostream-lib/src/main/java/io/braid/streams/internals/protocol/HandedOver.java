package io.braid.streams.internals.protocol;

/** Client to server, the answer to {@link HandOver}: reader {@code readerId} no longer reads alone. */
public record HandedOver(String streamId, String readerId) implements StreamMessage {
}
