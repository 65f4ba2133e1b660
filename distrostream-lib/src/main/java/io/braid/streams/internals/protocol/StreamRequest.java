package io.braid.streams.internals.protocol;

/** Client to server; the server answers with a {@link StreamReply} carrying the same {@link #requestId()}. */
public sealed interface StreamRequest extends StreamMessage permits RegisterStream, LookupStream, RegisterWriter,
        RegisterReader, CloseWriter, StreamStatus, PollFiles, PublishFile, ServerInfoRequest,
        ApplicationProgress, OpenObjectReader, AwaitObjectStream {
    long requestId();
}
