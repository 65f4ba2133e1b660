package io.braid.streams.internals.protocol;

/**
 * Long poll of a file stream by reader {@code readerId} (registered on its first poll): answered
 * by {@link FilesPolled} as soon as paths are available, at the latest after {@code timeoutMs}
 * (0: at once), with at most {@code max} paths.
 */
public record PollFiles(long requestId, String streamId, String clientId, String readerId, long timeoutMs, int max)
        implements StreamRequest {
}
