package wordcount;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/** Occurrences per word. Travels between nodes, so it is Serializable. */
public class WordCounts implements Serializable {
    private final HashMap<String, Long> counts = new HashMap<>();

    public void add(String word, long n) {
        counts.merge(word, n, Long::sum);
    }

    public void addAll(WordCounts other) {
        other.counts.forEach(this::add);
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public int distinct() {
        return counts.size();
    }

    public String top(int k) {
        StringBuilder b = new StringBuilder();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(k).forEach(e -> b.append(e.getKey()).append('=').append(e.getValue()).append(' '));
        return b.toString().trim();
    }
}
