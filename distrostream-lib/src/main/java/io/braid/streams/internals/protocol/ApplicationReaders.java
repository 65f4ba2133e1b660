package io.braid.streams.internals.protocol;

import io.braid.streams.internals.backend.Sharing;

/**
 * Server to client, unsolicited: the client's application now has {@code readers} open object
 * readers of the stream (in all its processes), and whether they read alone or together
 * ({@link Sharing}). Sent to the clients of the application that read the stream whenever one of
 * its readers opens or closes, a client with readers disconnects, or a solo reader's hand-over
 * ends; backends choose how they read from it.
 */
public record ApplicationReaders(String streamId, int readers, Sharing sharing) implements StreamMessage {
}
