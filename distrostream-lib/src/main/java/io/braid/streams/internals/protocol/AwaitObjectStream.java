package io.braid.streams.internals.protocol;

/**
 * Waits until an object stream's topic exists (the server creates it in the background when the
 * stream is registered, see {@code DistroStreamServer}). Answered by {@link Ack}, or by an
 * {@link ErrorReply} when the topic could not be created.
 */
public record AwaitObjectStream(long requestId, String streamId) implements StreamRequest {
}
