package io.braid.streams.internals.protocol;

/**
 * Server to client, unsolicited: another reader of the application opened, so the solo reader
 * {@code readerId} must stop reading alone (see {@link ApplicationReaders#solo()}). The client
 * answers with {@link HandedOver} once the reader has committed what it accepted and left its
 * solo group (at once if the reader is gone).
 */
public record HandOver(String streamId, String readerId) implements StreamMessage {
}
