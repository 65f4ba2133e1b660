package exchange;

import io.braid.streams.ObjectDistroStream;

import java.util.ArrayDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The computation: cell {@code i} at iteration {@code t} computes {@code v = f(state)}, taking
 * {@link #workMs} (cell i is slow on iterations where i + t is even: the load moves between
 * cells), then its next state is {@code combine(v, left neighbour's value of iteration t - 1)}:
 * the exchange is asynchronous, one iteration behind, so a cell never waits for a neighbour's
 * current iteration (and in the hybrid version may run one iteration ahead of it).
 */
public final class Tasks {
    static final long P = 1_000_003L;

    private Tasks() {
    }

    static long initial(int cell) {
        return cell + 1;
    }

    static long f(long state) {
        return (state * 31 + 7) % P;
    }

    static long combine(long value, long leftPrevious) {
        return (value * 17 + leftPrevious) % P;
    }

    static int workMs(int cell, int iteration, int workMs) {
        return (cell + iteration) % 2 == 0 ? workMs * 3 / 2 : workMs / 2;
    }

    /**
     * Hybrid: publishes each iteration's value and receives the left neighbour's value of the
     * iteration before while it computes (a receiving thread polls the left stream during the
     * work), so a cell may run one iteration ahead of its neighbour instead of waiting for its
     * current one, and the exchange costs no time when the value arrived during the work.
     */
    public static Long iterate(int cell, int cells, int iterations, int workMs, ObjectDistroStream<Long> mine,
                               ObjectDistroStream<Long> left) throws Exception {
        long state = initial(cell);
        long leftPrevious = initial((cell + cells - 1) % cells);
        ExecutorService receiver = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "receive-cell-" + cell);
            t.setDaemon(true);
            return t;
        });
        ArrayDeque<Long> received = new ArrayDeque<>(); // touched by the receiving thread only
        long startMs = System.currentTimeMillis();
        long firstPublishMs = 0;
        long firstValueMs = 0;
        try {
            for (int t = 0; t < iterations; t++) {
                Future<Long> leftValue = t > 0 ? receiver.submit(() -> next(left, received)) : null;
                Thread.sleep(workMs(cell, t, workMs));
                long v = f(state);
                mine.publish(v);
                firstPublishMs = t == 0 ? System.currentTimeMillis() : firstPublishMs;
                if (leftValue != null) {
                    leftPrevious = leftValue.get();
                    firstValueMs = t == 1 ? System.currentTimeMillis() : firstValueMs;
                }
                state = combine(v, leftPrevious);
            }
        } finally {
            receiver.shutdownNow();
        }
        mine.close();
        // In the task's output file (jobs/), for tests/bench/hybrid/timeline: where a run's time goes.
        System.out.printf("cell %d start_ms=%d first_publish_ms=%d first_value_ms=%d end_ms=%d%n", cell, startMs,
                firstPublishMs, firstValueMs, System.currentTimeMillis());
        return state;
    }

    /** The next value of {@code stream}, in publication order. */
    private static Long next(ObjectDistroStream<Long> stream, ArrayDeque<Long> received) throws Exception {
        while (received.isEmpty()) {
            received.addAll(stream.poll(5_000));
        }
        return received.poll();
    }

    public static Long step(Grid grid, int cell, int iteration, int workMs) throws InterruptedException {
        Thread.sleep(workMs(cell, iteration, workMs));
        return f(grid.state[cell]);
    }

    public static void put(Grid grid, int cell, Long value) {
        grid.values[cell] = value;
    }

    public static void exchange(Grid grid) {
        int n = grid.state.length;
        long[] next = new long[n];
        for (int i = 0; i < n; i++) {
            next[i] = combine(grid.values[i], grid.previous[(i + n - 1) % n]);
        }
        grid.previous = grid.values.clone();
        grid.state = next;
    }

    /** The final states, computed sequentially (for checking). */
    public static long[] expected(int cells, int iterations) {
        long[] state = new long[cells];
        long[] previous = new long[cells];
        for (int i = 0; i < cells; i++) {
            state[i] = initial(i);
            previous[i] = initial(i);
        }
        for (int t = 0; t < iterations; t++) {
            long[] values = new long[cells];
            for (int i = 0; i < cells; i++) {
                values[i] = f(state[i]);
            }
            for (int i = 0; i < cells; i++) {
                state[i] = combine(values[i], previous[(i + cells - 1) % cells]);
            }
            previous = values;
        }
        return state;
    }
}
