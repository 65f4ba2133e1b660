package wordcount;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Random;

/** Plain Java: nothing here knows about Braid. */
public class Tasks {
    private static final String[] WORDS = {"stream", "task", "node", "data", "flow", "graph", "disk", "core",
        "kafka", "worker", "master", "file", "object", "braid", "io", "bandwidth"};

    public static void generate(String file, int lines, long seed) throws IOException {
        Random r = new Random(seed);
        try (PrintWriter w = new PrintWriter(file)) {
            for (int i = 0; i < lines; i++) {
                int n = 5 + r.nextInt(10);
                StringBuilder line = new StringBuilder();
                for (int j = 0; j < n; j++) {
                    // Skewed: low indexes are more frequent.
                    line.append(WORDS[(int) (WORDS.length * Math.pow(r.nextDouble(), 2))]).append(' ');
                }
                w.println(line.toString().trim());
            }
        }
    }

    public static WordCounts count(String file) throws IOException {
        WordCounts c = new WordCounts();
        try (BufferedReader in = new BufferedReader(new FileReader(file))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                for (String w : line.split(" ")) {
                    if (!w.isEmpty()) {
                        c.add(w, 1);
                    }
                }
            }
        }
        return c;
    }

    public static void merge(WordCounts into, WordCounts other) {
        into.addAll(other);
    }
}
