package io.braid.engine.analysis;

import java.util.ArrayList;
import java.util.List;
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

    /** The distinct ids of the streams {@code streams} write ({@code written}) or read, in order. */
    static List<String> distinct(List<StreamAccess> streams, boolean written) {
        List<String> out = null;
        for (StreamAccess s : streams) {
            if (s.writes() == written && (out == null || !out.contains(s.streamId()))) {
                if (out == null) {
                    out = new ArrayList<>(2);
                }
                out.add(s.streamId());
            }
        }
        return out == null ? List.of() : List.copyOf(out);
    }
}
