package io.braid.engine.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The main program's task groups ({@code BraidGroup}): each group's unfinished tasks, the
 * message of the {@code BraidException} one of its tasks threw (the first), and who waits at its
 * barrier. A task belongs to every group open when it was called (nested groups). Core thread
 * only; pure bookkeeping (cancelling is the core's).
 */
final class TaskGroups {
    private final Map<String, Group> byName = new HashMap<>();

    private static final class Group {
        final Set<Long> unfinished = new LinkedHashSet<>();
        String exception;
        final List<Consumer<String>> waiting = new ArrayList<>();
    }

    void submitted(long taskId, List<String> groups) {
        for (String g : groups) {
            byName.computeIfAbsent(g, k -> new Group()).unfinished.add(taskId);
        }
    }

    /** The task ended (finished, failed, cancelled): barriers of groups left with no task pass. */
    void ended(long taskId, List<String> groups) {
        for (String name : groups) {
            Group g = byName.get(name);
            if (g != null && g.unfinished.remove(taskId) && g.unfinished.isEmpty() && !g.waiting.isEmpty()) {
                pass(name, g);
            }
        }
    }

    /** A task of these groups threw a BraidException; the first message of each group stays. */
    void threw(List<String> groups, String message) {
        for (String name : groups) {
            Group g = byName.get(name);
            if (g != null && g.exception == null) {
                g.exception = message;
            }
        }
    }

    /** The group's unfinished tasks, oldest first (empty for an unknown group). */
    List<Long> unfinished(String name) {
        Group g = byName.get(name);
        return g == null ? List.of() : new ArrayList<>(g.unfinished);
    }

    boolean exists(String name) {
        return byName.containsKey(name);
    }

    /**
     * Calls {@code then} with the exception message (null: none) once the group has no unfinished
     * task; the group is then forgotten. An unknown group passes at once.
     */
    void barrier(String name, Consumer<String> then) {
        Group g = byName.get(name);
        if (g == null) {
            then.accept(null);
            return;
        }
        g.waiting.add(then);
        if (g.unfinished.isEmpty()) {
            pass(name, g);
        }
    }

    private void pass(String name, Group g) {
        byName.remove(name);
        for (Consumer<String> w : g.waiting) {
            w.accept(g.exception);
        }
    }

    /** Groups tracked (tests). */
    int size() {
        return byName.size();
    }
}
