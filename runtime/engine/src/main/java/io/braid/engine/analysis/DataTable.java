package io.braid.engine.analysis;

import java.util.HashMap;

/**
 * The data the {@link TaskAnalyser} knows, by key and by id: a key seen for the first time gets
 * the next id; a deleted key starts again with a new id on its next use.
 */
final class DataTable {

    private final HashMap<DataKey, DataInfo> byKey = new HashMap<>();
    private final LongObjMap<DataInfo> byId = new LongObjMap<>();
    private int nextId = 1;

    /** The datum of {@code key}, made on first use. */
    DataInfo resolve(DataKey key) {
        DataInfo d = byKey.get(key);
        if (d == null) {
            d = new DataInfo(nextId++);
            byKey.put(key, d);
            byId.put(d.id, d);
        }
        return d;
    }

    /** The datum of {@code key}, or null for one never seen (or deleted). */
    DataInfo get(DataKey key) {
        return byKey.get(key);
    }

    DataInfo byId(int dataId) {
        return byId.get(dataId);
    }

    void delete(DataKey key) {
        DataInfo d = byKey.remove(key);
        if (d != null) {
            byId.remove(d.id);
        }
    }

    int size() {
        return byKey.size();
    }
}
