package exchange;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayList;
import java.util.List;

/**
 * Asynchronous data exchange (hybrid workflow example b).
 *
 * <p>Usage: {@code Main hybrid|tasks <cells> <iterations> <work ms>}. Hybrid: one task per cell
 * runs every iteration and exchanges values with its neighbours through object streams. Task-only:
 * per iteration, one task per cell, then a synchronisation task that exchanges the values.
 * Prints {@code cell <i> state=<s> expected=<e>} per cell and the elapsed time (with the start's
 * wall-clock time; each hybrid task prints its own timings in its output file under jobs/).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int cells = Integer.parseInt(args[1]);
        int iterations = Integer.parseInt(args[2]);
        int workMs = Integer.parseInt(args[3]);
        long start = System.nanoTime();
        long startMs = System.currentTimeMillis();
        long[] states = switch (mode) {
            case "hybrid" -> hybrid(cells, iterations, workMs);
            case "tasks" -> taskOnly(cells, iterations, workMs);
            default -> throw new IllegalArgumentException("mode must be hybrid or tasks, not " + mode);
        };
        long[] expected = Tasks.expected(cells, iterations);
        for (int i = 0; i < cells; i++) {
            System.out.println("cell " + i + " state=" + states[i] + " expected=" + expected[i]);
        }
        System.out.printf("elapsed_ms=%d mode=%s start_ms=%d%n", (System.nanoTime() - start) / 1_000_000, mode, startMs);
    }

    private static long[] hybrid(int cells, int iterations, int workMs) throws Exception {
        List<ObjectDistroStream<Long>> streams = new ArrayList<>();
        for (int i = 0; i < cells; i++) {
            streams.add(new ObjectDistroStream<>());
        }
        Long[] results = new Long[cells];
        for (int i = 0; i < cells; i++) {
            results[i] = Tasks.iterate(i, cells, iterations, workMs, streams.get(i), streams.get((i + cells - 1) % cells));
        }
        long[] out = new long[cells];
        for (int i = 0; i < cells; i++) {
            out[i] = results[i];
        }
        return out;
    }

    private static long[] taskOnly(int cells, int iterations, int workMs) throws Exception {
        Grid grid = new Grid(cells);
        for (int t = 0; t < iterations; t++) {
            Long[] values = new Long[cells];
            for (int i = 0; i < cells; i++) {
                values[i] = Tasks.step(grid, i, t, workMs);
            }
            for (int i = 0; i < cells; i++) {
                Tasks.put(grid, i, values[i]);
            }
            Tasks.exchange(grid);
        }
        long[] out = new long[cells];
        for (int i = 0; i < cells; i++) {
            out[i] = grid.state(i);
        }
        return out;
    }
}
