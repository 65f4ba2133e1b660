package io.braid.engine.analysis;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Per stream id, the unfinished tasks that write it (producers) and read it (consumers). A
 * stream's entry goes away with its last unfinished task, so nothing here outlives the tasks.
 */
final class StreamUsers {
    private final Map<String, Users> byStream = new HashMap<>();

    void add(long taskId, String[] written, String[] read) {
        for (String s : written) {
            byStream.computeIfAbsent(s, k -> new Users()).producers.add(taskId);
        }
        for (String s : read) {
            byStream.computeIfAbsent(s, k -> new Users()).consumers.add(taskId);
        }
    }

    void remove(long taskId, String[] written, String[] read) {
        for (String s : written) {
            Users u = byStream.get(s);
            if (u != null) {
                u.producers.remove(taskId);
                dropIfUnused(s, u);
            }
        }
        for (String s : read) {
            Users u = byStream.get(s);
            if (u != null) {
                u.consumers.remove(taskId);
                dropIfUnused(s, u);
            }
        }
    }

    List<Long> producers(String streamId) {
        Users u = byStream.get(streamId);
        return u == null ? List.of() : List.copyOf(u.producers);
    }

    List<Long> consumers(String streamId) {
        Users u = byStream.get(streamId);
        return u == null ? List.of() : List.copyOf(u.consumers);
    }

    int size() {
        return byStream.size();
    }

    private void dropIfUnused(String s, Users u) {
        if (u.producers.isEmpty() && u.consumers.isEmpty()) {
            byStream.remove(s);
        }
    }

    /** Task ids in registration (= id) order. */
    private static final class Users {
        final LinkedHashSet<Long> producers = new LinkedHashSet<>();
        final LinkedHashSet<Long> consumers = new LinkedHashSet<>();
    }
}
