package cfbench;

import com.sun.jna.Function;
import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.RunTask;
import io.braid.worker.execution.cfunction.CFunctionInvoker;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The native task host's round trip alone, without the runtime: {@code n} calls of a no-op C
 * function through the worker's {@link CFunctionInvoker} (after {@code n} warm-up calls), and the
 * same calls made in this JVM through JNA directly, in the same run. Prints per call: wall time,
 * the calling thread's CPU, the host process's CPU, and the in-process JNA call's wall time.
 * {@code HostRoundTrip <library with noop()> <n>}.
 */
public final class HostRoundTrip {
    public static void main(String[] args) throws Exception {
        String library = args[0];
        int n = Integer.parseInt(args[1]);
        RunTask job = new RunTask(1, 1, "bench", "noop", List.of(), false, List.of(), null, false, 1, 0, null, null,
                new CFunctionCall(library, "noop", "void"));
        Object[] none = new Object[0];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Path logs = Files.createTempDirectory("braid-host-bench");
        try (CFunctionInvoker invoker = CFunctionInvoker.forWorker(logs)) {
            long t0 = System.nanoTime();
            invoker.run(job, none);
            System.out.printf("RESULT host_first_call_ms %.1f ms%n", (System.nanoTime() - t0) / 1e6);
            for (int k = 0; k < n; k++) {
                invoker.run(job, none);
            }
            ProcessHandle host = ProcessHandle.current().children().filter(p -> p.info().commandLine()
                    .map(c -> c.contains("NativeHostMain")).orElse(false)).findFirst().orElseThrow();
            long hostCpu0 = host.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
            long cpu0 = threads.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            for (int k = 0; k < n; k++) {
                invoker.run(job, none);
            }
            long wall = System.nanoTime() - wall0;
            long cpu = threads.getCurrentThreadCpuTime() - cpu0;
            long hostCpu = host.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) - hostCpu0;
            System.out.printf("RESULT host_call_wall_us %.2f us%n", wall / 1e3 / n);
            System.out.printf("RESULT host_call_caller_cpu_us %.2f us%n", cpu / 1e3 / n);
            System.out.printf("RESULT host_call_host_cpu_us %.2f us%n", hostCpu / 1e3 / n);
        }
        Function noop = Function.getFunction(library, "noop");
        for (int k = 0; k < n; k++) {
            noop.invokeVoid(none);
        }
        long wall0 = System.nanoTime();
        for (int k = 0; k < n; k++) {
            noop.invokeVoid(none);
        }
        System.out.printf("RESULT in_process_jna_call_wall_us %.2f us%n", (System.nanoTime() - wall0) / 1e3 / n);
    }
}
