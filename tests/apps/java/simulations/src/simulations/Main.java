package simulations;

import io.braid.streams.FileDistroStream;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Continuous data generation (hybrid workflow example a).
 *
 * <p>Usage: {@code Main hybrid|tasks <simulations> <files per simulation> <step ms> <process ms> <dir>}.
 * Hybrid: each simulation is a task that publishes its files into a FileDistroStream while it
 * runs; the main program polls the streams and starts a processing task per file at once, so
 * processing overlaps generation; a chain of merge tasks per simulation adds the results.
 * Task-only: the simulations write every file, then the main program starts the processing.
 * Prints {@code sim <s> total=<n> files=<k>} per simulation and the elapsed time.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int sims = Integer.parseInt(args[1]);
        int files = Integer.parseInt(args[2]);
        int stepMs = Integer.parseInt(args[3]);
        int workMs = Integer.parseInt(args[4]);
        Path dir = Path.of(args[5]).toAbsolutePath();
        long start = System.nanoTime();
        Long[] totals = new Long[sims];
        int[] counts = new int[sims];
        for (int s = 0; s < sims; s++) {
            totals[s] = 0L;
        }
        if (mode.equals("hybrid")) {
            hybrid(dir, sims, files, stepMs, workMs, totals, counts);
        } else if (mode.equals("tasks")) {
            taskOnly(dir, sims, files, stepMs, workMs, totals, counts);
        } else {
            throw new IllegalArgumentException("mode must be hybrid or tasks, not " + mode);
        }
        for (int s = 0; s < sims; s++) {
            // First use of a task's result: waits for it.
            System.out.println("sim " + s + " total=" + totals[s].longValue() + " files=" + counts[s]
                    + " expected=" + Tasks.expected(s, files));
        }
        System.out.printf("elapsed_ms=%d mode=%s%n", (System.nanoTime() - start) / 1_000_000, mode);
    }

    private static void hybrid(Path dir, int sims, int files, int stepMs, int workMs, Long[] totals, int[] counts)
            throws Exception {
        List<FileDistroStream> streams = new ArrayList<>();
        for (int s = 0; s < sims; s++) {
            Path simDir = dir.resolve("sim" + s);
            Files.createDirectories(simDir);
            FileDistroStream stream = new FileDistroStream(simDir.toString());
            streams.add(stream);
            Tasks.simulate(stream, s, files, stepMs);
        }
        boolean[] done = new boolean[sims];
        int open = sims;
        while (open > 0) {
            for (int s = 0; s < sims; s++) {
                if (done[s]) {
                    continue;
                }
                FileDistroStream stream = streams.get(s);
                boolean closed = stream.isClosed(); // checked before polling: the poll after closure reads the rest
                for (String path : stream.poll(open == 1 ? 200 : 20)) {
                    totals[s] = Tasks.merge(totals[s], Tasks.process(path, workMs));
                    counts[s]++;
                }
                if (closed) {
                    done[s] = true;
                    open--;
                }
            }
        }
    }

    private static void taskOnly(Path dir, int sims, int files, int stepMs, int workMs, Long[] totals, int[] counts)
            throws Exception {
        for (int s = 0; s < sims; s++) {
            Tasks.simulateToDir(dir.resolve("sim" + s).toString(), s, files, stepMs);
        }
        io.braid.api.Braid.barrier();
        for (int s = 0; s < sims; s++) {
            File[] outputs = dir.resolve("sim" + s).toFile().listFiles();
            java.util.Arrays.sort(outputs);
            for (File f : outputs) {
                totals[s] = Tasks.merge(totals[s], Tasks.process(f.getPath(), workMs));
                counts[s]++;
            }
        }
    }
}
