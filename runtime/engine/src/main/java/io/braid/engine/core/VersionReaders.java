package io.braid.engine.core;

import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * The pending tasks that read each data version, so that dropping a version looks at its own
 * readers instead of every pending task (a drop per object the main program lets go of would
 * otherwise cost O(pending tasks), O(n²) over a run). Core thread only.
 *
 * <p>The core tells it of every task it starts to track ({@link #add}), of a task whose versions
 * change (a commutative group's pair, {@link #replaced}) and of every task it stops tracking
 * ({@link #remove}). {@link #pendingReaders} still checks each entry against the core's table, so
 * a missed removal costs memory, never a wrong answer.
 */
final class VersionReaders {
    /** The core's pending tasks by id. */
    private final Map<Long, TaskRecord> pending;
    /**
     * Per version: its one reader (a TaskRecord, the usual case) or several (a HashSet of them: a
     * version many tasks read loses them one by one, each in O(1)). TaskRecord equality is identity.
     */
    private final HashMap<DataVersion, Object> readers = new HashMap<>();

    VersionReaders(Map<Long, TaskRecord> pending) {
        this.pending = pending;
    }

    /** The core tracks {@code rec} from now on: it reads what its analysed task reads. */
    void add(TaskRecord rec) {
        AnalysedTask a = rec.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion v = a.readVersion(i);
            if (v != null) {
                add(v, rec);
            }
        }
    }

    /** The core no longer tracks {@code rec} (it ended, was cancelled, or a re-run ended). */
    void remove(TaskRecord rec) {
        remove(rec, rec.analysed);
    }

    /** {@code rec} read what {@code before} reads and now reads what its analysed task reads. */
    void replaced(TaskRecord rec, AnalysedTask before) {
        remove(rec, before);
        add(rec);
    }

    /** Ids of the tracked tasks that read {@code v}, in no particular order; empty when none does. */
    List<Long> pendingReaders(DataVersion v) {
        Object r = readers.get(v);
        if (r == null) {
            return List.of();
        }
        List<Long> out = new ArrayList<>(1);
        if (r instanceof TaskRecord one) {
            if (tracked(one, v)) {
                out.add(one.id());
            }
        } else {
            for (Object o : (HashSet<?>) r) {
                TaskRecord rec = (TaskRecord) o;
                if (tracked(rec, v)) {
                    out.add(rec.id());
                }
            }
        }
        return out;
    }

    /** Versions with at least one reader recorded (for tests: 0 once no task is pending). */
    int size() {
        return readers.size();
    }

    private boolean tracked(TaskRecord rec, DataVersion v) {
        if (pending.get(rec.id()) != rec) {
            return false;
        }
        AnalysedTask a = rec.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            if (v.equals(a.readVersion(i))) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private void add(DataVersion v, TaskRecord rec) {
        Object r = readers.get(v);
        if (r == null) {
            readers.put(v, rec);
        } else if (r instanceof TaskRecord one) {
            if (one != rec) { // a task reading one version through two parameters is one reader
                HashSet<TaskRecord> set = new HashSet<>(4);
                set.add(one);
                set.add(rec);
                readers.put(v, set);
            }
        } else {
            ((HashSet<TaskRecord>) r).add(rec);
        }
    }

    private void remove(TaskRecord rec, AnalysedTask a) {
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion v = a.readVersion(i);
            if (v == null) {
                continue;
            }
            Object r = readers.get(v);
            if (r == rec) {
                readers.remove(v);
            } else if (r instanceof HashSet<?> set) {
                set.remove(rec);
                if (set.size() == 1) {
                    readers.put(v, set.iterator().next());
                }
            }
        }
    }
}
