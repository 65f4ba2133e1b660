package io.braid.engine.analysis;

import java.util.Arrays;

/**
 * A datum known to the {@link TaskAnalyser}: its id and the writer of each of its versions
 * (8 bytes per version), plus the register() scratch stamp and its open access group.
 */
final class DataInfo {
    private static final long[] NO_WRITERS = new long[0];

    final int id;
    int version;
    long[] writers = NO_WRITERS;
    /** Task whose register() last touched this datum, and the slot it got there. */
    long stamp;
    int slot;
    int syncedVersion;
    /** The open group of CONCURRENT or COMMUTATIVE accesses; null when none (kept apart: rare, and data are many). */
    AccessGroup group;

    DataInfo(int id) {
        this.id = id;
    }

    void closeGroup() {
        group = null;
    }

    void addVersion(long writer) {
        if (version == writers.length) {
            writers = Arrays.copyOf(writers, version == 0 ? 1 : version * 2);
        }
        writers[version++] = writer;
    }

    long currentWriter() {
        return writers[version - 1];
    }
}
