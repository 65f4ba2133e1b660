package io.braid.launcher.run;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * The main program's objects that tasks use, by identity. An object is {@code pending} while a
 * task will write a value the main program has not seen yet; otherwise the main program holds
 * the newest value. Guarded by the {@link AppSide}'s lock.
 *
 * <p>Objects are held weakly: an object the main program dropped is forgotten once collected (a
 * pending one too: nothing can observe its new value any more). Held strongly, every object ever
 * passed to a task stayed in the master's heap for the whole run, which ran it out of memory in
 * a long run of large objects (docs/PERFORMANCE.md, object parameters vs stream).
 */
final class ObjectTable {
    private final Map<IdentityKey, Entry> entries = new HashMap<>();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    private long nextId = 1;
    private volatile int pending;

    Entry get(Object o) {
        forgetCollected();
        return entries.get(new IdentityKey(o, null));
    }

    /** An id for a datum no object of the main program stands for (a result returned by value). */
    long newId() {
        return nextId++;
    }

    Entry register(Object o) {
        forgetCollected();
        Entry e = new Entry(newId());
        entries.put(new IdentityKey(o, collected), e);
        return e;
    }

    /** Forgets the object: a later use registers it again, as a new datum. */
    void forget(Object o) {
        Entry e = entries.remove(new IdentityKey(o, null));
        if (e != null) {
            markCurrent(e);
        }
    }

    /** Objects currently known (collected ones are dropped first). */
    int size() {
        forgetCollected();
        return entries.size();
    }

    private void forgetCollected() {
        for (Reference<?> r; (r = collected.poll()) != null; ) {
            Entry e = entries.remove((IdentityKey) r);
            if (e != null) {
                markCurrent(e);
            }
        }
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

    /** A weak reference compared by the identity of its referent (and by itself once cleared). */
    private static final class IdentityKey extends WeakReference<Object> {
        private final int hash;

        IdentityKey(Object o, ReferenceQueue<Object> queue) {
            super(o, queue);
            this.hash = System.identityHashCode(o);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (this == other) {
                return true;
            }
            if (!(other instanceof IdentityKey k)) {
                return false;
            }
            Object mine = get();
            return mine != null && mine == k.get();
        }
    }
}
