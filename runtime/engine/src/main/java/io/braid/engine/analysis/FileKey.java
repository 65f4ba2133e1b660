package io.braid.engine.analysis;

import java.util.Objects;

/** A file, by canonical absolute path. */
public record FileKey(String path) implements DataKey {
    public FileKey {
        Objects.requireNonNull(path, "path");
    }

    // written out: see ObjectKey
    @Override
    public boolean equals(Object o) {
        return o instanceof FileKey k && k.path.equals(path);
    }

    @Override
    public int hashCode() {
        return path.hashCode();
    }
}
