package io.braid.streams.protocol;

/**
 * Server to client, unsolicited: the client's application now has {@code readers} open object
 * readers of the stream (in all its processes). Sent to the clients of the application that read
 * the stream whenever one of its readers opens or closes, or a client with readers disconnects;
 * backends choose how many records a fetch acquires from it.
 */
public record ApplicationReaders(String streamId, int readers) implements StreamMessage {
}
