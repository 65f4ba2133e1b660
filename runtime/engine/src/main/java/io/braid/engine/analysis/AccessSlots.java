package io.braid.engine.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * Scratch space of {@link TaskAnalyser#register}: one slot per distinct datum a task accesses,
 * merging the accesses it makes to one datum twice (flags), and what each slot reads, writes and
 * which group it joins. Reused from task to task so that registering allocates no scratch.
 */
final class AccessSlots {

    static final byte READ = 1;
    static final byte WRITE = 2;
    static final byte MAIN_WROTE = 4;
    static final byte CONCURRENT = 8;
    static final byte COMMUTATIVE = 16;

    /** Slot of each parameter, -1 for a parameter without data. */
    int[] paramSlot = new int[8];
    DataInfo[] data = new DataInfo[8];
    byte[] flags = new byte[8];
    DataVersion[] read = new DataVersion[8];
    DataVersion[] write = new DataVersion[8];
    long[] group = new long[8];

    /** Pass 1 of register: fills a slot per distinct datum of {@code params}; returns the slot count. */
    int collect(List<ParamAccess> params, long taskId, DataTable table) {
        int n = params.size();
        ensure(n);
        int slots = 0;
        for (int i = 0; i < n; i++) {
            ParamAccess p = params.get(i);
            DataKey key = p.key();
            if (key == null) {
                paramSlot[i] = -1;
                continue;
            }
            DataInfo d = table.resolve(key);
            if (d.stamp != taskId) {
                d.stamp = taskId;
                d.slot = slots;
                data[slots] = d;
                flags[slots] = 0;
                slots++;
            }
            AccessMode mode = p.mode();
            flags[d.slot] |= (byte) ((mode.reads() ? READ : 0) | (mode.writes() ? WRITE : 0)
                    | (p.mainWroteBefore() ? MAIN_WROTE : 0) | (mode == AccessMode.CONCURRENT ? CONCURRENT : 0)
                    | (mode == AccessMode.COMMUTATIVE ? COMMUTATIVE : 0));
            paramSlot[i] = d.slot;
        }
        return slots;
    }

    /** Drops what the first {@code slots} slots refer to, ready for the next task. */
    void clear(int slots) {
        Arrays.fill(read, 0, slots, null);
        Arrays.fill(write, 0, slots, null);
        Arrays.fill(group, 0, slots, 0);
    }

    private void ensure(int n) {
        if (paramSlot.length < n) {
            int c = Math.max(n, paramSlot.length * 2);
            paramSlot = new int[c];
            data = new DataInfo[c];
            flags = new byte[c];
            read = new DataVersion[c];
            write = new DataVersion[c];
            group = new long[c];
        }
    }
}
