package io.braid.engine.core;

import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the tasks of a COMMUTATIVE group one at a time, in the order they become ready, and gives
 * the k-th one started the group's k-th version pair: it reads the version the (k-1)-th wrote and
 * writes the next. The analyser numbered the pairs in registration order, so the group's last
 * version is written by whichever task runs last, and the next access reads it.
 *
 * <p>A task holds its groups from its first dispatch until it ends for good (done, ignored or
 * cancelled): a retry, or a new attempt after its worker was lost, keeps its version pair, and
 * nobody may read that pair's output before it exists. A task in several groups takes them all at
 * once or none, so two tasks never wait for each other. A re-run recomputing lost data keeps the
 * pairs its first run had and is not ordered again. Core thread only.
 */
final class CommutativeGroups {
    private final Map<Long, Group> groups = new HashMap<>();

    private static final class Group {
        final ArrayDeque<DataVersion[]> pairs = new ArrayDeque<>();
        final ArrayDeque<TaskRecord> waiting = new ArrayDeque<>();
        long holder;
        int members;
    }

    /** Records the version pairs of a newly registered task's commutative parameters. */
    void registered(TaskRecord rec) {
        AnalysedTask a = rec.analysed;
        if (!a.inGroup()) {
            return;
        }
        for (int i = 0; i < a.paramCount(); i++) {
            long g = a.groupOf(i);
            if (g != 0 && a.writeVersion(i) != null) {
                Group group = groups.computeIfAbsent(g, k -> new Group());
                group.pairs.add(new DataVersion[] {a.readVersion(i), a.writeVersion(i)});
                group.members++;
            }
        }
    }

    /**
     * The task is ready: it takes its groups (true), or, when another task holds one of them, it
     * is held here until {@link #ended} gives it back (false).
     */
    boolean admit(TaskRecord rec) {
        if (!rec.analysed.inGroup() || rec.regeneration) {
            return true;
        }
        List<Long> mine = groupsOf(rec);
        for (long g : mine) {
            Group group = groups.get(g);
            if (group.holder != 0 && group.holder != rec.id()) {
                if (!group.waiting.contains(rec)) {
                    group.waiting.add(rec);
                }
                return false;
            }
        }
        for (long g : mine) {
            groups.get(g).holder = rec.id();
        }
        return true;
    }

    /** The task is being sent: the first time, it takes its groups' next version pairs. */
    void dispatched(TaskRecord rec) {
        if (!rec.analysed.inGroup() || rec.commutativePairsTaken || rec.regeneration) {
            return;
        }
        AnalysedTask a = rec.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            Group group = groups.get(a.groupOf(i));
            if (group != null && a.writeVersion(i) != null) {
                DataVersion[] pair = group.pairs.poll();
                a = a.withVersions(i, pair[0], pair[1]);
            }
        }
        rec.analysed = a;
        rec.commutativePairsTaken = true;
    }

    /** The task ended for good: its groups are free; returns the held tasks that may go now. */
    List<TaskRecord> ended(TaskRecord rec) {
        if (!rec.analysed.inGroup() || rec.regeneration) {
            return List.of();
        }
        List<TaskRecord> next = new ArrayList<>();
        for (long g : groupsOf(rec)) {
            Group group = groups.get(g);
            group.waiting.remove(rec);
            if (group.holder == rec.id()) {
                group.holder = 0;
            }
            if (--group.members == 0) {
                groups.remove(g);
            } else if (group.holder == 0 && !group.waiting.isEmpty()) {
                next.add(group.waiting.poll());
            }
        }
        return next;
    }

    private List<Long> groupsOf(TaskRecord rec) {
        List<Long> out = new ArrayList<>(1);
        AnalysedTask a = rec.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            long g = a.groupOf(i);
            if (g != 0 && groups.containsKey(g) && !out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }

    /** Groups still tracked (tests: 0 once every commutative task has ended). */
    int size() {
        return groups.size();
    }
}
