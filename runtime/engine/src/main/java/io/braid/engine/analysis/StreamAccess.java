package io.braid.engine.analysis;

import java.util.Objects;

/**
 * A task's use of a stream: it writes it (STREAM OUT, a producer) or reads it (STREAM IN, a
 * consumer). A stream access creates no dependency edge: producers and consumers of a stream run
 * at the same time. The analyser only records who uses which stream.
 */
public record StreamAccess(String streamId, boolean writes) {
    public StreamAccess {
        Objects.requireNonNull(streamId, "streamId");
    }

    public static StreamAccess write(String streamId) {
        return new StreamAccess(streamId, true);
    }

    public static StreamAccess read(String streamId) {
        return new StreamAccess(streamId, false);
    }
}
