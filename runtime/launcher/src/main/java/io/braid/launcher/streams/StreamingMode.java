package io.braid.launcher.streams;

import io.braid.launcher.options.UsageException;
import io.braid.streams.StreamType;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
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

    /** {@code NONE|OBJECTS|FILES|ALL}, for the option's declaration. */
    public static String valueNames() {
        return String.join("|", Arrays.stream(values()).map(Enum::name).toList());
    }

    /** @throws UsageException naming the flag for any other value */
    public static StreamingMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = Arrays.stream(values()).map(Enum::name).toList();
            throw new UsageException("--streaming=" + text + ": expected "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1));
        }
    }
}
