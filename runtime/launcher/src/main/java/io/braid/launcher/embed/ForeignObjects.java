package io.braid.launcher.embed;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.task.SubmittedParam;

import java.util.HashMap;
import java.util.Map;

/**
 * The objects a non-Java main program passes to tasks, by the ids its binding chose: whether a
 * task is still to write each one (the main program must wait on it before it has the value) and
 * so whether bytes given with a call are a new value of the main program's. The bytes are opaque
 * (pickles for Python): stored and moved as they are, never deserialised in Java.
 */
final class ForeignObjects {
    private static final class Entry {
        boolean pending;
    }

    private final Map<Long, Entry> byId = new HashMap<>();

    /**
     * The parameter for object {@code id} read and/or written by a task. {@code bytes}: the value
     * the main program holds now (null: the runtime's newest version, which a task wrote or the
     * main program gave before). The first use of an id needs its bytes unless the task only writes it.
     */
    SubmittedParam param(long id, AccessMode mode, byte[] bytes, String what) {
        return param(id, mode, bytes, what, "object#");
    }

    /** The same, shown in task descriptions as {@code display} followed by the id. */
    SubmittedParam param(long id, AccessMode mode, byte[] bytes, String what, String display) {
        Entry e = byId.get(id);
        boolean known = e != null;
        if (mode.reads() && bytes == null && !known) {
            throw new IllegalArgumentException(what + ": object " + id + " has no value yet (its first use must give"
                    + " its bytes)");
        }
        if (!known) {
            e = new Entry();
            byId.put(id, e);
        }
        byte[] snapshot = mode.reads() ? bytes : null;
        boolean mainWrote = snapshot != null && known;
        if (mode.writes()) {
            e.pending = true;
        }
        return new SubmittedParam(JobParam.Kind.OBJECT, "object", null, new ObjectKey(id), mode, mainWrote, snapshot,
                null, display + id, null);
    }

    /** Object {@code id} is the return datum of a task just submitted (a program's exit value). */
    void returned(long id) {
        byId.computeIfAbsent(id, k -> new Entry()).pending = true;
    }

    /** True when the id was used by a task and is not deleted. */
    boolean known(long id) {
        return byId.containsKey(id);
    }

    /** The main program now has the newest value. */
    void synced(long id) {
        Entry e = byId.get(id);
        if (e != null) {
            e.pending = false;
        }
    }

    void forget(long id) {
        byId.remove(id);
    }
}
