package cbench;

import io.braid.launcher.embed.EmbeddedRun;
import io.braid.launcher.embed.ForeignTasks;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * C no-op tasks through ForeignTasks (what libbraid calls through JNI) on one local worker, run
 * by braid-c-worker processes: N independent tasks (wall tasks/s, and CPU time per task of every
 * process of the run: this JVM with the master, the worker JVM, the braid-c-worker processes),
 * then a chain of dependent tasks (ms per link). Prints RESULT lines.
 * {@code CTaskBench <worker library> <n> <links> [braid-run options]}; BRAID_C_WORKER names braid-c-worker.
 */
public final class CTaskBench {
    private CTaskBench() {
    }

    public static void main(String[] args) throws Exception {
        String lib = args[0];
        int n = Integer.parseInt(args[1]);
        int links = Integer.parseInt(args[2]);
        EmbeddedRun.start(args.length > 3 ? args[3] : "", "c-task-bench");
        try {
            int noop = ForeignTasks.define("c", "Tasks", "noop", lib, new String[0], 0, null, false, false, null, 0);
            int add = ForeignTasks.define("c", "Tasks", "add", lib, new String[] {"IN VALUE", "IN VALUE"}, 1, null,
                    false, false, null, 0);
            int addObject = ForeignTasks.define("c", "Tasks", "add", lib, new String[] {"IN OBJECT", "IN VALUE"}, 1,
                    null, false, false, null, 0);
            for (int i = 0; i < Math.min(n, 5000); i++) { // warm-up: processes started, code compiled
                ForeignTasks.submit(noop, null, null, null, null);
            }
            EmbeddedRun.barrier();
            double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            long[] cpu0 = cpuNanos();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                ForeignTasks.submit(noop, null, null, null, null);
            }
            EmbeddedRun.barrier();
            long wall = System.nanoTime() - t0;
            long[] cpu1 = cpuNanos();
            long[] cpu = {cpu1[0] - cpu0[0], cpu1[1] - cpu0[1], cpu1[2] - cpu0[2]};
            ForeignTasks.submit(add, null, new byte[][] {i32(0), i32(0)}, null, new long[] {1});
            ForeignTasks.waitOn(1);
            long c0 = System.nanoTime();
            for (long id = 1; id <= links; id++) {
                ForeignTasks.submit(addObject, new long[] {id, 0}, new byte[][] {null, i32(1)}, null, new long[] {id + 1});
            }
            int end = ByteBuffer.wrap(ForeignTasks.waitOn(links + 1L)).getInt();
            long chain = System.nanoTime() - c0;
            if (end != links) {
                throw new IllegalStateException("the chain ended at " + end + ", not " + links);
            }
            System.out.printf("RESULT c_noop_throughput %.0f tasks/s%n", n / (wall / 1e9));
            System.out.printf("RESULT c_noop_cpu_per_task %.1f us (all processes)%n", (cpu[0] + cpu[1] + cpu[2]) / 1e3 / n);
            System.out.printf("RESULT c_noop_cpu_master %.1f us (main program + master JVM)%n", cpu[0] / 1e3 / n);
            System.out.printf("RESULT c_noop_cpu_worker %.1f us (worker JVM)%n", cpu[1] / 1e3 / n);
            System.out.printf("RESULT c_noop_cpu_c %.1f us (braid-c-worker processes)%n", cpu[2] / 1e3 / n);
            System.out.printf("RESULT c_chain_link %.3f ms%n", chain / 1e6 / links);
            System.out.printf("RESULT load_average %.2f (at the start, %d cores)%n", load,
                    Runtime.getRuntime().availableProcessors());
        } finally {
            EmbeddedRun.stop();
        }
    }

    /**
     * CPU time of this process (the main program and the master), its descendants that are not
     * braid-c-worker (the worker JVM) and the braid-c-worker processes, from /proc: [master, worker, c].
     */
    private static long[] cpuNanos() {
        long[] ticks = new long[3];
        for (ProcessHandle p : (Iterable<ProcessHandle>) Stream.concat(Stream.of(ProcessHandle.current()),
                ProcessHandle.current().descendants())::iterator) {
            try {
                String stat = Files.readString(Path.of("/proc/" + p.pid() + "/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                int k = p.pid() == ProcessHandle.current().pid() ? 0 : stat.contains("(braid-c-worker)") ? 2 : 1;
                ticks[k] += Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
            } catch (java.io.IOException e) {
                // ended meanwhile
            }
        }
        for (int k = 0; k < 3; k++) {
            ticks[k] *= 10_000_000L; // USER_HZ = 100
        }
        return ticks;
    }

    private static byte[] i32(int v) {
        return ByteBuffer.allocate(4).putInt(v).array();
    }
}
