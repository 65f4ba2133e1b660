package io.braid.engine.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which finished task produced each data version, so that a version lost with its worker can be
 * recomputed by running that task again with the same version names (and, recursively, the
 * producers of its own lost inputs). Core thread only.
 */
final class Lineage {
    private final Map<String, TaskRecord> producers = new HashMap<>();
    private final Map<String, List<Runnable>> waiting = new HashMap<>();
    private final Set<Long> rerunning = new HashSet<>();

    void produced(String dataName, TaskRecord producer) {
        producers.put(dataName, producer);
    }

    /** Whether {@link #lost} could recompute the version: a task that takes no streams produced it. */
    boolean canRecompute(String dataName) {
        TaskRecord producer = producers.get(dataName);
        return producer != null && !producer.analysed.usesStreams();
    }

    /**
     * Registers {@code then} to run once {@code dataName} is available again. Returns the task
     * to run again, or null when one is already re-running for it (its re-run may itself wait
     * for lost inputs of its own: the caller handles those when it dispatches the re-run).
     *
     * @throws IllegalStateException when the version cannot be recomputed (the message says why)
     */
    TaskRecord lost(String dataName, Runnable then) {
        List<Runnable> list = waiting.get(dataName);
        if (list != null) {
            list.add(then);
            return null;
        }
        TaskRecord producer = producers.get(dataName);
        if (producer == null) {
            throw new IllegalStateException("data " + dataName + " was lost with its worker and cannot be recomputed:"
                    + " no task produced it");
        }
        if (producer.analysed.usesStreams()) {
            throw new IllegalStateException("data " + dataName + " was lost with its worker and cannot be recomputed:"
                    + " its producer " + producer.submission.describe() + " takes streams, and a second run would"
                    + " publish its records again or miss the ones it took");
        }
        list = new ArrayList<>();
        list.add(then);
        waiting.put(dataName, list);
        if (!rerunning.add(producer.id())) {
            return null;
        }
        TaskRecord again = new TaskRecord(producer.submission, producer.analysed);
        again.regeneration = true;
        again.commutativePairsTaken = producer.commutativePairsTaken;
        return again;
    }

    /** A re-run ended: its outputs are back. Returns what waited for them. */
    List<Runnable> recomputed(TaskRecord rerun, List<String> outputs) {
        rerunning.remove(rerun.id());
        List<Runnable> out = new ArrayList<>();
        for (String name : outputs) {
            List<Runnable> w = waiting.remove(name);
            if (w != null) {
                out.addAll(w);
            }
        }
        return out;
    }
}
