package io.braid.streams.internals.protocol;

import java.util.List;

/** Absolute paths handed to the reader (possibly none), and whether the stream was closed when they were taken. */
public record FilesPolled(long requestId, List<String> paths, boolean closed) implements StreamReply {
    public FilesPolled {
        paths = paths == null ? List.of() : List.copyOf(paths);
    }
}
