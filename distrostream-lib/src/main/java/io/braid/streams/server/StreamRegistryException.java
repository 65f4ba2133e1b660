package io.braid.streams.server;

import io.braid.streams.protocol.ErrorReply;

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
