package io.braid.engine.scheduling;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Scheduler benchmark (a program, not a test): 1,000 nodes x 48 cores, 1,000,000 tasks with
 * simulated durations of 1-10 ms, 100,000 tasks kept ready at all times. Only the time spent
 * inside the scheduler is measured. Run from runtime/engine after {@code mvn test-compile}:
 * <pre>java -cp target/classes:target/test-classes io.braid.engine.scheduling.SchedulerBenchMain [nodes cores tasks]</pre>
 *
 * <p>Recorded result (JDK 17, development container, second round): 1000 nodes x 48 cores,
 * 1,000,000 tasks: about 890,000 decisions/s, 1.1 µs per decision including its addReady and
 * release.
 */
public final class SchedulerBenchMain {

    private SchedulerBenchMain() {
    }

    public static void main(String[] args) {
        int nodeCount = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        int cores = args.length > 1 ? Integer.parseInt(args[1]) : 48;
        int totalTasks = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        int readyTarget = Math.min(100_000, totalTasks);
        for (int round = 1; round <= 2; round++) { // the first round warms up the JIT
            run(round, nodeCount, cores, totalTasks, readyTarget);
        }
    }

    private static void run(int round, int nodeCount, int cores, int totalTasks, int readyTarget) {
        Random rnd = new Random(7);
        List<NodeResources> nodes = new ArrayList<>(nodeCount);
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new NodeResources("node" + i, cores, 192, i % 4 == 0 ? "AMD" : "Intel", 0, 1000, 4));
        }
        ResourceRequest[] shapes = {
                ResourceRequest.DEFAULT, ResourceRequest.DEFAULT, ResourceRequest.DEFAULT, ResourceRequest.DEFAULT,
                ResourceRequest.cores(2), ResourceRequest.cores(4),
                ResourceRequest.parse("1", "8", "", "", "", false),
                ResourceRequest.parse("1", "", "amd", "", "", false),
                ResourceRequest.parse("", "", "", "100", "", true),
        };
        Scheduler s = new Scheduler(nodes);
        // completions: (end time in simulated µs) << 21 | task index  (task ids < 2^21 per chunk)
        PriorityQueue<Long> completions = new PriorityQueue<>();
        long[] idOf = new long[1 << 21];
        int slot = 0;
        long submitted = 0;
        long decisions = 0;
        long schedulerNanos = 0;
        long now = 0;

        long t0 = System.nanoTime();
        while (submitted < readyTarget) {
            s.addReady(newTask(submitted++, shapes, rnd, nodeCount));
        }
        schedulerNanos += System.nanoTime() - t0;

        long completed = 0;
        while (completed < totalTasks) {
            long a = System.nanoTime();
            List<Assignment> as = s.schedule();
            schedulerNanos += System.nanoTime() - a;
            decisions += as.size();
            for (Assignment asg : as) {
                long end = now + 1_000 + rnd.nextInt(9_001);
                idOf[slot] = asg.taskId();
                completions.add((end << 21) | slot);
                slot = (slot + 1) & ((1 << 21) - 1);
            }
            if (completions.isEmpty()) {
                throw new IllegalStateException("nothing running and " + s.readyCount() + " tasks ready: stuck");
            }
            now = completions.peek() >>> 21;
            long b = System.nanoTime();
            while (!completions.isEmpty() && (completions.peek() >>> 21) == now) {
                int done = (int) (completions.poll() & ((1 << 21) - 1));
                s.release(idOf[done]);
                completed++;
                if (submitted < totalTasks) {
                    s.addReady(newTask(submitted++, shapes, rnd, nodeCount));
                }
            }
            schedulerNanos += System.nanoTime() - b;
        }
        double seconds = schedulerNanos / 1e9;
        System.out.printf("round %d: %d nodes x %d cores, %d tasks (%d kept ready), simulated %.1f s;"
                        + " scheduler time %.3f s: %,.0f decisions/s, %.0f ns per decision (incl. add + release)%n",
                round, nodeCount, cores, totalTasks, readyTarget, now / 1e6, seconds, decisions / seconds,
                (double) schedulerNanos / decisions);
    }

    private static ReadyTask newTask(long id, ResourceRequest[] shapes, Random rnd, int nodeCount) {
        ResourceRequest r = shapes[rnd.nextInt(shapes.length)];
        int[] pref = rnd.nextInt(3) == 0 ? new int[] {rnd.nextInt(nodeCount)} : null;
        return new ReadyTask(id, r, rnd.nextInt(50) == 0, pref, -1);
    }
}
