package io.braid.engine.analysis;

/** Version {@code version} (1, 2, ...) of datum {@code dataId} (1, 2, ...). */
public record DataVersion(int dataId, int version) {

    /** The version's name, {@code d<dataId>v<version>}, e.g. {@code d12v3}. */
    public String name() {
        // Built directly: no format parsing, one exact-size buffer.
        return new StringBuilder(24).append('d').append(dataId).append('v').append(version).toString();
    }

    @Override
    public String toString() {
        return name();
    }

    // written out: see ObjectKey
    @Override
    public boolean equals(Object o) {
        return o instanceof DataVersion v && v.dataId == dataId && v.version == version;
    }

    @Override
    public int hashCode() {
        return 31 * dataId + version;
    }
}
