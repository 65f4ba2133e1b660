package corebench;

import io.braid.comm.message.DeleteData;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.analysis.AccessMode;
import io.braid.engine.analysis.ObjectKey;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.core.RuntimeCore;
import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.SharedDisks;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.resources.NodeDescription;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskDefinition;
import io.braid.engine.task.TaskSubmission;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU of the master's core per dropped datum ({@code dropDatum}: {@code deregisterObject},
 * {@code deleteFile}, a Python Future no longer held), the real {@link RuntimeCore} on one
 * simulated 48-core node. A main program submits N tasks, task i reading object in_i (written by
 * the main program) and returning ret_i, then drops every in_i and ret_i while the tasks are
 * pending; the tasks then run to the end. The same run without drops is the reference: the drops'
 * cost is the difference in core-thread CPU, per drop. Not a test: it prints (the last round also
 * as RESULT lines), it asserts only that every task's result was deleted on the worker.
 *
 * <p>Usage: {@code DropBench [N] [rounds]} (default 20,000 tasks, 3 rounds after a warm-up one).
 */
public final class DropBench {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private final ArrayDeque<RunTask> inbox = new ArrayDeque<>();
    private final List<String> deleted = new ArrayList<>();
    private final RuntimeCore core;

    private DropBench() {
        NodeDescription d = new NodeDescription("n0", 48, 0, null, 0, 0, 1, null, null, NodeDescription.NO_LIMIT,
                java.util.Map.of());
        WorkerHandle w = new WorkerHandle(0, d);
        w.connected(new EmbeddedChannel(new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                if (msg instanceof RunTask run) {
                    inbox.add(run);
                } else if (msg instanceof DeleteData del) {
                    deleted.addAll(del.dataNames());
                }
            }
        }), "10.0.0.1", 1, "n0.log");
        VersionStore store = new VersionStore();
        DataLocations locations = new DataLocations();
        Scheduler scheduler = new Scheduler(List.of(d.toResources()));
        JobFactory jobs = new JobFactory(List.of(w), locations, store, new SharedDisks(java.util.Map.of()), "master", 2);
        core = new RuntimeCore(new TaskAnalyser(), scheduler, locations, store, List.of(w), jobs, null, null,
                why -> { throw new IllegalStateException(why); });
    }

    /** One run of n tasks; returns {submit, drops, run to the end} core CPU in ns. */
    private long[] run(int n, boolean drop) {
        TaskDefinition def = new TaskDefinition(1, "bench.T.t", "bench.T", "t", List.of(), false, null,
                ResourceRequest.cores(1), false, false);
        byte[] value = {1, 2, 3, 4, 5, 6, 7, 8};
        long t0 = MX.getCurrentThreadCpuTime();
        for (int i = 1; i <= n; i++) {
            SubmittedParam in = new SubmittedParam(JobParam.Kind.OBJECT, "java.lang.Object", null, new ObjectKey(2L * i),
                    AccessMode.R, true, value, null, "in" + i, null);
            core.submit(new TaskSubmission(i, def, List.of(in), new ObjectKey(2L * i + 1)));
        }
        long t1 = MX.getCurrentThreadCpuTime();
        if (drop) {
            for (int i = 1; i <= n; i++) {
                core.dropDatum(new ObjectKey(2L * i));
                core.dropDatum(new ObjectKey(2L * i + 1));
            }
        }
        long t2 = MX.getCurrentThreadCpuTime();
        core.dispatch();
        RunTask job;
        while ((job = inbox.poll()) != null) {
            core.taskDone(0, new TaskDone(job.jobId(), List.of(job.returnData()), List.of(8L), 0, 1_000_000L, "e0"));
            core.dispatch();
        }
        long t3 = MX.getCurrentThreadCpuTime();
        return new long[] {t1 - t0, t2 - t1, t3 - t2};
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf("# %,d tasks (each reads one object, returns one), 2 drops per task; core-thread CPU%n", n);
        for (int r = 0; r <= rounds; r++) {
            // Fresh cores: each round starts with an empty analyser; ids and keys start again.
            long[] plain = new DropBench().run(n, false);
            DropBench b = new DropBench();
            long[] dropped = b.run(n, true);
            if (b.deleted.size() != n) {
                throw new IllegalStateException(b.deleted.size() + " results deleted on the worker, expected " + n);
            }
            long extra = dropped[1] + dropped[2] - plain[2];
            System.out.printf("%s: submit %.2f us/task (again %.2f), drop calls %.2f us/drop, run to end %.1f us/task"
                            + " (no drops %.1f), drops in all %.2f us/drop%n",
                    r == 0 ? "warm-up" : "round " + r, plain[0] / 1e3 / n, dropped[0] / 1e3 / n,
                    dropped[1] / 1e3 / (2.0 * n), dropped[2] / 1e3 / n, plain[2] / 1e3 / n, extra / 1e3 / (2.0 * n));
            if (r == rounds) {
                System.out.printf("RESULT drop_calls_%d %.2f us/drop%n", n, dropped[1] / 1e3 / (2.0 * n));
                System.out.printf("RESULT drop_in_all_%d %.2f us/drop%n", n, extra / 1e3 / (2.0 * n));
            }
        }
    }
}
