package io.braid.engine.task;

import java.util.Objects;

/**
 * What a STREAM parameter tells the runtime: which stream, and whether the task writes it
 * (STREAM OUT, as writer {@code writerId}, registered with the stream server at submission) or
 * reads it (STREAM IN, {@code writerId} null).
 */
public record StreamParam(String streamId, boolean writes, String writerId) {
    public StreamParam {
        Objects.requireNonNull(streamId, "streamId");
        if (writes == (writerId == null)) {
            throw new IllegalArgumentException("a writing stream parameter needs a writer id, a reading one none");
        }
    }
}
