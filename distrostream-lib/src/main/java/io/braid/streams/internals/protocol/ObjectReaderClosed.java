package io.braid.streams.internals.protocol;

/** Client to server, no answer: object reader {@code readerId} stopped reading the stream (see {@link OpenObjectReader}). */
public record ObjectReaderClosed(String streamId, String readerId) implements StreamMessage {
}
