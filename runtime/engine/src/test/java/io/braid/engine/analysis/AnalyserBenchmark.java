package io.braid.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Benchmark program, not a test: {@code java -cp <test-classes:classes> io.braid.engine.analysis.AnalyserBenchmark [pending]}.
 * Registers {@code pending} tasks (default 1,000,000), each reading two earlier task outputs,
 * updating one of 1,000 shared objects in place (INOUT) and returning a fresh object; measures
 * analyser heap per pending task, then finishes them all and measures register+finish time.
 *
 * <p>Recorded (OpenJDK 17.0.15, -Xmx4g, G1 and Serial alike, 1,000,000 pending): register 3.4 us,
 * finish 0.3 us per task; about 240 bytes of analyser heap per pending task, its returned datum
 * included; 0 task nodes held once all finished.
 */
public final class AnalyserBenchmark {

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        for (int round = 0; round < 3; round++) {
            run(n, round == 2);
        }
    }

    private static void run(int n, boolean report) {
        SplittableRandom rnd = new SplittableRandom(1);
        // Requests are built first so that their memory is not counted as the analyser's.
        TaskRequest[] requests = new TaskRequest[n];
        for (int i = 1; i <= n; i++) {
            List<ParamAccess> ps = new ArrayList<>(4);
            ps.add(new ParamAccess(new ObjectKey(-1 - rnd.nextInt(1_000)), AccessMode.RW));
            if (i > 1) {
                ps.add(new ParamAccess(new ObjectKey(1 + rnd.nextInt(i - 1)), AccessMode.R));
                ps.add(new ParamAccess(new ObjectKey(1 + rnd.nextInt(i - 1)), AccessMode.R));
            }
            ps.add(new ParamAccess(new ObjectKey(i), AccessMode.W));
            requests[i - 1] = new TaskRequest(i, i % 5, ps);
        }
        long before = usedHeap();
        TaskAnalyser a = new TaskAnalyser();
        long t0 = System.nanoTime();
        int ready = 0;
        for (TaskRequest r : requests) {
            if (a.register(r).isReady()) {
                ready++;
            }
        }
        long t1 = System.nanoTime();
        long held = usedHeap() - before;
        java.lang.ref.Reference.reachabilityFence(requests);
        long t2 = System.nanoTime();
        long released = 0;
        for (int i = 1; i <= n; i++) {
            released += a.taskFinished(i).size();
        }
        long t3 = System.nanoTime();
        if (report) {
            System.out.printf("pending=%d ready-at-once=%d released=%d%n", n, ready, released);
            System.out.printf("register %.2f us/task, finish %.2f us/task, total %.2f us/task%n",
                    (t1 - t0) / 1e3 / n, (t3 - t2) / 1e3 / n, ((t1 - t0) + (t3 - t2)) / 1e3 / n);
            System.out.printf("analyser heap %.0f bytes per pending task (incl. its %d data); tracked tasks after: %d%n",
                    (double) held / n, a.trackedDataCount(), a.trackedTaskCount());
        }
        if (a.pendingTasks() != 0) {
            throw new AssertionError("tasks left: " + a.pendingTasks());
        }
    }

    private static long usedHeap() {
        var memory = java.lang.management.ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
