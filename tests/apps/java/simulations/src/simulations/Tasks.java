package simulations;

import io.braid.streams.FileDistroStream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A simulation writes {@code files} output files, one every {@code stepMs}; file {@code k} of
 * simulation {@code s} holds the numbers 1..(10 * (s + 1) + k), one per line. Processing a file
 * sums its numbers (and works {@code workMs}); merging adds the sums.
 */
public final class Tasks {
    private Tasks() {
    }

    public static void simulate(FileDistroStream out, int sim, int files, int stepMs) throws Exception {
        writeOutputs(Path.of(out.getBaseDir()), sim, files, stepMs);
        out.close();
    }

    public static void simulateToDir(String dir, int sim, int files, int stepMs) throws Exception {
        writeOutputs(Path.of(dir), sim, files, stepMs);
    }

    private static void writeOutputs(Path dir, int sim, int files, int stepMs) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        for (int k = 0; k < files; k++) {
            Thread.sleep(stepMs);
            StringBuilder sb = new StringBuilder();
            for (int v = 1; v <= 10 * (sim + 1) + k; v++) {
                sb.append(v).append('\n');
            }
            Files.writeString(dir.resolve(String.format("sim%d-step%03d.txt", sim, k)), sb, StandardCharsets.UTF_8);
        }
    }

    public static Long process(String file, int workMs) throws Exception {
        long sum = 0;
        for (String line : Files.readAllLines(Path.of(file), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                sum += Long.parseLong(line.trim());
            }
        }
        Thread.sleep(workMs);
        return sum;
    }

    public static Long merge(Long total, Long part) {
        return total + part;
    }

    /** What simulation {@code sim} must total (for checking). */
    public static long expected(int sim, int files) {
        long total = 0;
        for (int k = 0; k < files; k++) {
            long n = 10L * (sim + 1) + k;
            total += n * (n + 1) / 2;
        }
        return total;
    }
}
