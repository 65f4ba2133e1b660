package io.braid.engine.monitor;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Per task type: how many ran, and their execution times (on the worker). Core thread only. */
public final class TaskStats {
    private final Map<String, Entry> byType = new TreeMap<>();

    public void record(String taskType, long runNanos) {
        byType.computeIfAbsent(taskType, k -> new Entry()).add(runNanos);
    }

    public long total() {
        return byType.values().stream().mapToLong(e -> e.count).sum();
    }

    /** The table printed by {@code --summary}. */
    public String format() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-40s %8s %12s %12s %12s %12s%n", "task type", "count", "mean ms", "min ms",
                "max ms", "total ms"));
        for (var e : byType.entrySet()) {
            Entry s = e.getValue();
            b.append(String.format(Locale.ROOT, "%-40s %8d %12.3f %12.3f %12.3f %12.1f%n", e.getKey(), s.count,
                    s.totalNanos / 1e6 / s.count, s.minNanos / 1e6, s.maxNanos / 1e6, s.totalNanos / 1e6));
        }
        return b.toString();
    }

    private static final class Entry {
        long count;
        long totalNanos;
        long minNanos = Long.MAX_VALUE;
        long maxNanos;

        void add(long nanos) {
            count++;
            totalNanos += nanos;
            minNanos = Math.min(minNanos, nanos);
            maxNanos = Math.max(maxNanos, nanos);
        }
    }
}
