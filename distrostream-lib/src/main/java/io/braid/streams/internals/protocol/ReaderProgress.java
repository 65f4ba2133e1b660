package io.braid.streams.internals.protocol;

/**
 * Client to server, no answer: reader {@code readerId} of application {@code applicationId} has
 * accepted {@code accepted} records of the stream in all (a cumulative count: the server keeps the
 * largest report per reader, so repeated or reordered reports are harmless). Sent when the stream
 * is closed and afterwards when the count changes, so that other readers' drains can end; see
 * {@link ApplicationProgress}.
 */
public record ReaderProgress(String streamId, String applicationId, String readerId, long accepted)
        implements StreamMessage {
}
