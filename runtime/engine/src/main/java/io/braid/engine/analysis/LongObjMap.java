package io.braid.engine.analysis;

/**
 * Open-addressing map from long keys to objects: two flat arrays instead of one entry object and
 * one boxed key per mapping (key 0, the arrays' empty mark, is kept in a field of its own). Grows above 60% load and shrinks below 12.5% so finished
 * tasks give their memory back. The core thread's per-task maps use it (a boxed key and a node per mapping were a large part of
 * that thread's allocations).
 */
public final class LongObjMap<V> {

    private static final int MIN_CAPACITY = 16;

    private long[] keys;
    private Object[] values;
    private int size;
    private int shift;
    /** The value of key 0, or null. */
    private Object zeroValue;

    public LongObjMap() {
        allocate(MIN_CAPACITY);
    }

    public int size() {
        return size;
    }

    int capacity() {
        return keys.length;
    }

    @SuppressWarnings("unchecked")
    public V get(long key) {
        if (key == 0) {
            return (V) zeroValue;
        }
        long[] k = keys;
        int mask = k.length - 1;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long cur = k[i];
            if (cur == key) {
                return (V) values[i];
            }
            if (cur == 0) {
                return null;
            }
        }
    }

    public boolean containsKey(long key) {
        return get(key) != null;
    }

    /** Puts a mapping; the value must not be null. Returns the previous value. */
    @SuppressWarnings("unchecked")
    public V put(long key, V value) {
        if (value == null) {
            throw new NullPointerException("value");
        }
        if (key == 0) {
            V old = (V) zeroValue;
            zeroValue = value;
            if (old == null) {
                size++;
            }
            return old;
        }
        int mask = keys.length - 1;
        int i = slot(key);
        for (; keys[i] != 0; i = (i + 1) & mask) {
            if (keys[i] == key) {
                V old = (V) values[i];
                values[i] = value;
                return old;
            }
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 5 > keys.length * 3) {
            rehash(keys.length << 1);
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    public V remove(long key) {
        if (key == 0) {
            V old = (V) zeroValue;
            if (old != null) {
                zeroValue = null;
                size--;
            }
            return old;
        }
        long[] k = keys;
        int mask = k.length - 1;
        int i = slot(key);
        while (true) {
            long cur = k[i];
            if (cur == 0) {
                return null;
            }
            if (cur == key) {
                break;
            }
            i = (i + 1) & mask;
        }
        V old = (V) values[i];
        // Backward-shift deletion: keeps probe chains intact without tombstones.
        int gap = i;
        for (int j = (gap + 1) & mask; k[j] != 0; j = (j + 1) & mask) {
            int home = slot(k[j]);
            // Move k[j] into the gap unless its home lies cyclically in (gap, j].
            boolean homeBetween = gap <= j ? (gap < home && home <= j) : (gap < home || home <= j);
            if (!homeBetween) {
                k[gap] = k[j];
                values[gap] = values[j];
                gap = j;
            }
        }
        k[gap] = 0;
        values[gap] = null;
        size--;
        if (k.length > MIN_CAPACITY && size < (k.length >>> 3)) {
            rehash(k.length >>> 2);
        }
        return old;
    }

    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new Object[capacity];
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private void rehash(int capacity) {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        allocate(Math.max(MIN_CAPACITY, capacity));
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            long key = oldKeys[j];
            if (key != 0) {
                int i = slot(key);
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = key;
                values[i] = oldValues[j];
            }
        }
    }
}
