package io.braid.launcher.run;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The main program's objects that tasks use, by identity. An object is {@code pending} while a
 * task will write a value the main program has not seen yet; otherwise the main program holds
 * the newest value. Guarded by the {@link AppSide}'s lock.
 */
final class ObjectTable {
    private final Map<Object, Entry> entries = new IdentityHashMap<>();
    private long nextId = 1;
    private volatile int pending;

    Entry get(Object o) {
        return entries.get(o);
    }

    /** An id for a datum no object of the main program stands for (a result returned by value). */
    long newId() {
        return nextId++;
    }

    Entry register(Object o) {
        Entry e = new Entry(newId());
        entries.put(o, e);
        return e;
    }

    void markPending(Entry e) {
        if (!e.pending) {
            e.pending = true;
            pending++;
        }
    }

    void markCurrent(Entry e) {
        if (e.pending) {
            e.pending = false;
            pending--;
        }
    }

    /** Fast path of every touch: nothing to wait for. */
    boolean nonePending() {
        return pending == 0;
    }

    static final class Entry {
        final long id;
        boolean pending;

        Entry(long id) {
            this.id = id;
        }
    }
}
