package corebench;

import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.DataKey;
import io.braid.engine.analysis.ParamAccess;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.analysis.TaskRequest;
import io.braid.engine.scheduling.Assignment;
import io.braid.engine.scheduling.NodeResources;
import io.braid.engine.scheduling.ReadyTask;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * Cost of the runtime's pure core per task: Task Analyser + Scheduler, driven as the core drives
 * them (register, ready, schedule, finish), with N other tasks pending (blocked on a datum whose
 * writer never ends). Then the scheduler alone on 1,000 simulated nodes of 48 cores with a
 * simulated clock ({@code CoreBench sim}: that part alone). Prints "RESULT name value unit" lines;
 * the {@code cpu_cost} figures count the benchmark thread's CPU time, which a loaded machine does
 * not inflate as it does wall time.
 */
public final class CoreBench {
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("sim")) { // the simulated cluster alone
            simulatedCluster(1_000, 48, 2_000_000);
            return;
        }
        int measured = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        for (int pending : new int[] {1_000, 10_000, 100_000, 1_000_000}) {
            runPending(pending, measured / 4); // warm-up round, not reported
            double ns = runPending(pending, measured);
            System.out.printf("RESULT core_cost_pending_%d %.2f us/task%n", pending, ns / 1000);
        }
        simulatedCluster(1_000, 48, 2_000_000);
    }

    /** ns per task for analyse + schedule + finish with {@code pending} blocked tasks around. */
    static double runPending(int pending, int measured) {
        TaskAnalyser analyser = new TaskAnalyser();
        Scheduler scheduler = new Scheduler(List.of(NodeResources.ofCores("n0", 48, 2)));
        long id = 1;
        long nextObject = 1;
        // A blocker task writes datum 0 and never finishes; `pending` tasks read it.
        DataKey blocked = DataKey.object(nextObject++);
        analyser.register(new TaskRequest(id++, 0, List.of(new ParamAccess(blocked, AccessMode.W))));
        for (int i = 0; i < pending; i++) {
            analyser.register(new TaskRequest(id++, 1, List.of(new ParamAccess(blocked, AccessMode.R),
                    new ParamAccess(DataKey.object(nextObject++), AccessMode.W))));
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < measured; i++) {
            long tid = id++;
            var a = analyser.register(new TaskRequest(tid, 2, List.of(ParamAccess.byValue(),
                    new ParamAccess(DataKey.object(nextObject++), AccessMode.W))));
            if (a.isReady()) {
                scheduler.addReady(new ReadyTask(tid, ResourceRequest.DEFAULT));
            }
            for (Assignment as : scheduler.schedule()) {
                scheduler.release(as.taskId());
                analyser.taskFinished(as.taskId());
            }
        }
        long t1 = System.nanoTime();
        if (analyser.pendingTasks() != pending + 1) {
            throw new IllegalStateException("pending " + analyser.pendingTasks());
        }
        return (t1 - t0) / (double) measured;
    }

    /** Scheduler decisions per second on a simulated cluster: tasks end at simulated times. */
    static void simulatedCluster(int nodes, int cores, int tasks) {
        List<NodeResources> list = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            list.add(NodeResources.ofCores("n" + i, cores, 2));
        }
        Scheduler s = new Scheduler(list);
        Random r = new Random(7);
        PriorityQueue<long[]> ends = new PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
        long now = 0;
        long submitted = 0;
        long decisions = 0;
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = mx.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        while (decisions < tasks) {
            while (submitted < tasks && s.readyCount() < 100_000) {
                s.addReady(new ReadyTask(++submitted, ResourceRequest.DEFAULT));
            }
            for (Assignment a : s.schedule()) {
                ends.add(new long[] {now + 1 + r.nextInt(10), a.taskId()});
                decisions++;
            }
            long[] e = ends.poll();
            if (e == null) {
                break;
            }
            now = e[0];
            s.release(e[1]);
            while (!ends.isEmpty() && ends.peek()[0] == now) {
                s.release(ends.poll()[1]);
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpuSecs = (mx.getCurrentThreadCpuTime() - c0) / 1e9; // what a loaded machine does not inflate
        System.out.printf("RESULT sim_%dx%d_decisions %.0f decisions/s%n", nodes, cores, decisions / secs);
        System.out.printf("RESULT sim_%dx%d_cost %.2f us/decision%n", nodes, cores, secs * 1e6 / decisions);
        System.out.printf("RESULT sim_%dx%d_cpu_cost %.2f us/decision%n", nodes, cores, cpuSecs * 1e6 / decisions);
    }
}
