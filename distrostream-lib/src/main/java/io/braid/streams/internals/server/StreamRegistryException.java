package io.braid.streams.internals.server;

import io.braid.streams.internals.protocol.ErrorReply;

/** A registry operation was refused; the message is meant for the user and names the stream. */
public final class StreamRegistryException extends Exception {
    private final ErrorReply.Kind kind;

    public StreamRegistryException(ErrorReply.Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public ErrorReply.Kind kind() {
        return kind;
    }
}
