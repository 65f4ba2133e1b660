package io.braid.engine.analysis;

import java.util.Arrays;

/**
 * An open group of CONCURRENT or COMMUTATIVE accesses to one datum ({@link AccessMode#grouped()}):
 * the writer and version from before it, and its tasks, which the next access of another kind
 * waits for.
 */
final class AccessGroup {
    final byte kind;
    final long id;
    final long baseWriter;
    final int baseVersion;
    long[] members = new long[4];
    int size;

    AccessGroup(byte kind, long id, long baseWriter, int baseVersion) {
        this.kind = kind;
        this.id = id;
        this.baseWriter = baseWriter;
        this.baseVersion = baseVersion;
    }

    void add(long taskId) {
        if (size == members.length) {
            members = Arrays.copyOf(members, size * 2);
        }
        members[size++] = taskId;
    }
}
