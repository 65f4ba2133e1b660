import io.braid.worker.execution.python.PythonArg;
import io.braid.worker.execution.python.PythonInvoker;
import io.braid.worker.execution.python.PythonSettings;
import io.braid.worker.execution.python.PythonTaskCall;
import io.braid.worker.execution.python.PythonTaskResult;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The worker's side of a Python no-op task alone: {@code PythonInvoker} feeding one
 * {@code python3 -m braid.worker} process, no master or scheduler. Prints, per round, the CPU
 * per task of this JVM and of the Python process (what the pipe protocol costs each side).
 *
 *     java -cp runtime/dist/target/braid.jar tests/bench/python/ProtocolLoop.java [tasks] [braid package dir]
 *
 * The package dir (default bindings-python/src) must speak the jar's protocol: for another
 * build, unzip its io/braid/worker/python-package/ and name that.
 */
public class ProtocolLoop {
    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        Path braid = Path.of(args.length > 1 ? args[1] : "bindings-python/src").toAbsolutePath();
        Path app = Files.createTempDirectory("protocol-loop");
        Files.writeString(app.resolve("noop_tasks.py"), "def noop(x):\n    return x\n");
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        byte[] seven = {(byte) 0x80, 4, 'K', 7, '.'}; // pickle.dumps(7)
        try (PythonInvoker python = new PythonInvoker(new PythonSettings(List.of("python3"), List.of(app),
                List.of(braid), app.resolve("logs")))) {
            for (int round = 0; round < 3; round++) {
                run(python, seven, tasks / 5); // warm-up: the JIT, the module imported
                long pid = python.pid(0);
                double python0 = processCpu(pid);
                long jvm0 = os.getProcessCpuTime();
                run(python, seven, tasks);
                long jvm1 = os.getProcessCpuTime();
                double python1 = processCpu(pid);
                System.out.printf("jvm_cpu_us_per_task %.1f python_cpu_us_per_task %.1f%n",
                        (jvm1 - jvm0) / 1e3 / tasks, (python1 - python0) * 1e6 / tasks);
            }
        }
    }

    private static void run(PythonInvoker python, byte[] pickle, int tasks) throws Exception {
        for (int i = 0; i < tasks; i++) {
            PythonTaskResult r = python.run(0, PythonTaskCall.of(i, "noop_tasks", "noop",
                    List.of(PythonArg.value(pickle, "IN")), 1));
            if (!r.ok()) {
                throw new IllegalStateException("noop failed: " + r.message());
            }
        }
    }

    /** User + system CPU seconds of a process, from /proc (clock ticks of 1/100 s). */
    private static double processCpu(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
    }
}
