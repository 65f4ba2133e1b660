package io.braid.streams.internals.protocol;

/**
 * The request failed; {@code message} says why in words meant for the user (it names the stream
 * id or alias involved). {@code kind} tells the client which exception to throw.
 */
public record ErrorReply(long requestId, Kind kind, String message) implements StreamReply {

    public enum Kind {
        /** No stream has this id or alias. */
        UNKNOWN_STREAM,
        /** The stream cannot be created or attached to (alias of another type, other base directory). */
        REGISTRATION,
        /** The caller may not do this (publish on a closed stream, ...). */
        FORBIDDEN,
        /** The server or a backend failed (Kafka unreachable, directory unreadable). */
        BACKEND
    }
}
