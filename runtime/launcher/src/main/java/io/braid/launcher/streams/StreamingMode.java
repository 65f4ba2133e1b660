package io.braid.launcher.streams;

import io.braid.launcher.options.UsageException;
import io.braid.streams.StreamType;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** {@code --streaming=NONE|OBJECTS|FILES|ALL}: which stream kinds a run may use. */
public enum StreamingMode {
    NONE(EnumSet.noneOf(StreamType.class)),
    OBJECTS(EnumSet.of(StreamType.OBJECT)),
    FILES(EnumSet.of(StreamType.FILE)),
    ALL(EnumSet.allOf(StreamType.class));

    private final Set<StreamType> allowed;

    StreamingMode(Set<StreamType> allowed) {
        this.allowed = allowed;
    }

    public Set<StreamType> allowed() {
        return allowed;
    }

    /** @throws UsageException naming the flag for any other value */
    public static StreamingMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--streaming=" + text + ": expected NONE, OBJECTS, FILES or ALL");
        }
    }
}
