package io.braid.streams.internals.protocol;

/** Server to client, unsolicited: every writer of the stream has closed it. */
public record StreamClosedPush(String streamId) implements StreamMessage {
}
