package io.braid.engine.analysis;

import java.util.Objects;

/** A file, by canonical absolute path. */
public record FileKey(String path) implements DataKey {
    public FileKey {
        Objects.requireNonNull(path, "path");
    }
}
