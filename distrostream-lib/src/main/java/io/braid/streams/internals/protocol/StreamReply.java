package io.braid.streams.internals.protocol;

/** Server to client, the answer to the {@link StreamRequest} with the same {@link #requestId()}. */
public sealed interface StreamReply extends StreamMessage permits StreamInfo, Ack, FilesPolled, ServerInfo, ErrorReply,
        ProgressTotal {
    long requestId();
}
