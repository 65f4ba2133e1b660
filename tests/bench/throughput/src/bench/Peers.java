package bench;

import io.braid.api.Braid;

import java.util.ArrayList;

/**
 * Braid's side of tests/bench/peers: the same workloads, in the same order and with the same
 * warm-up, as tests/bench/peers/workloads.py runs on Dask and Parsl.
 * <ul>
 *   <li>{@code once}: one task whose result the main program reads (the start-up workload; the
 *       bench times the whole braid-run process).</li>
 *   <li>{@code peers <tasks> <links> <width> <warm-up>}: warm-up ({@code warm-up} no-op tasks, a
 *       100-link chain), then no-op tasks as single calls ("submits"; Braid has no batch call, so
 *       there is no "map" of its own), a chain of increments, and a fan-in of {@code width} tasks
 *       into one reducer.</li>
 * </ul>
 * The reducer takes the producers' results as one {@code COLLECTION} parameter (a
 * {@code List<Integer>} whose elements are separate data): one task with a dependency per
 * producer, whose inputs go from the worker to the task without passing through the main program
 * (before Java tasks had collections, the list was an object parameter, and passing it made the
 * main program bring in every result first). The fan-in is timed from the return of the last
 * producer call to the reducer's result, as on the peers. "fanin_tree" (Braid only) reduces the
 * same producers with a tree of 10-input tasks instead.
 * Prints "RESULT name value unit" lines.
 */
final class Peers {
    /** The padding of a tree level whose size is not a multiple of 10. */
    private static final Integer ZERO = 0;

    private Peers() {
    }

    static void run(String mode, String[] args) {
        if (mode.equals("once")) {
            int v = Tasks.inc(0);
            check(v == 1, "one task gave " + v);
            System.out.println("RESULT once 1 task");
            return;
        }
        int tasks = Integer.parseInt(args[1]);
        int links = Integer.parseInt(args[2]);
        int width = Integer.parseInt(args[3]);
        noops(Integer.parseInt(args[4]));
        chain(100);
        System.out.printf("RESULT submits %.1f tasks/s%n", tasks / noops(tasks));
        System.out.printf("RESULT chain %.3f ms/link%n", chain(links) * 1e3 / links);
        fanIn(width);
        fanInTree(width);
    }

    /** Seconds to run n no-op tasks, from the first call to the end of the barrier. */
    private static double noops(int n) {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            Tasks.noop(i);
        }
        Braid.barrier();
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Seconds for a chain of n increments, each taking the previous result, until its end is read. */
    private static double chain(int n) {
        long t0 = System.nanoTime();
        Integer x = 0;
        for (int i = 0; i < n; i++) {
            x = Tasks.inc(x);
        }
        int v = x;
        double s = (System.nanoTime() - t0) / 1e9;
        check(v == n, "chain of " + n + " gave " + v);
        return s;
    }

    static void fanIn(int width) {
        fanIn(width, true);
    }

    /** The fan-in; without {@code print}, a warm-up that prints nothing. */
    static void fanIn(int width, boolean print) {
        long t0 = System.nanoTime();
        ArrayList<Integer> xs = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            xs.add(Tasks.item(i));
        }
        long lastSubmit = System.nanoTime();
        Integer result = Tasks.total(xs);
        long called = System.nanoTime();
        int sum = result;
        long t1 = System.nanoTime();
        long expected = (long) width * (width - 1) / 2;
        check(sum == expected, "fan-in of " + width + " gave " + sum + " instead of " + expected);
        if (!print) {
            return;
        }
        System.out.printf("RESULT fanin %.3f s%n", (t1 - lastSubmit) / 1e9);
        System.out.printf("RESULT fanin_total %.3f s%n", (t1 - t0) / 1e9);
        System.out.printf("RESULT fanin_call %.3f s%n", (called - lastSubmit) / 1e9);
    }

    /**
     * The reducer alone: {@code width} producers, a barrier (all have ended), then the reducer's
     * call until its result: the collection's own cost (the main program's side, the core's
     * release of one task with {@code width} inputs, the job's {@code width} parameters, the
     * worker's reading of the elements).
     */
    static void fanInReduceOnly(int width) {
        ArrayList<Integer> xs = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            xs.add(Tasks.item(i));
        }
        Braid.barrier();
        long t0 = System.nanoTime();
        int sum = Tasks.total(xs);
        long t1 = System.nanoTime();
        check(sum == (long) width * (width - 1) / 2, "fan-in of " + width + " gave " + sum);
        System.out.printf("RESULT fanin_reduce %.3f s%n", (t1 - t0) / 1e9);
    }

    /**
     * The same producers reduced by a tree of 10-input tasks (1,000 + 100 + 10 + 1 reducers for
     * 10,000): a fan-in the runtime sees as dependencies, with no result going through the main
     * program until the root's. Timed from the last producer call to the root's result.
     */
    private static void fanInTree(int width) {
        ArrayList<Integer> level = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            level.add(Tasks.item(i));
        }
        long lastSubmit = System.nanoTime();
        while (level.size() > 1) {
            ArrayList<Integer> next = new ArrayList<>(level.size() / 10 + 1);
            for (int i = 0; i < level.size(); i += 10) {
                Integer[] g = new Integer[10];
                for (int j = 0; j < 10; j++) {
                    g[j] = i + j < level.size() ? level.get(i + j) : ZERO;
                }
                next.add(Tasks.add10(g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9]));
            }
            level = next;
        }
        int sum = level.get(0);
        long t1 = System.nanoTime();
        check(sum == (long) width * (width - 1) / 2, "fan-in tree of " + width + " gave " + sum);
        System.out.printf("RESULT fanin_tree %.3f s%n", (t1 - lastSubmit) / 1e9);
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }
}
