package io.braid.worker.execution.cfunction;

import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.spi.TaskCancellation;
import io.braid.worker.execution.ProcessCommand;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code @CFunction} jobs in native task hosts ({@link NativeHostMain}), one per executor
 * of the worker, started on the executor's first C function task and kept: a call costs two
 * frames on a pipe, not a JVM start. A host that dies (the function crashed) fails its task with
 * {@link CFunctionCrashedException} and is dropped; the executor's next task starts a new one.
 * Each executor runs one task at a time, so a host is never shared by two threads, and a crash
 * takes down no other task than its own.
 */
public final class CFunctionInvoker implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CFunctionInvoker.class);
    private static final AtomicInteger NEXT_SLOT = new AtomicInteger();
    /** The executor threads live as long as the worker: each keeps the number it got first. */
    private static final ThreadLocal<Integer> SLOT = ThreadLocal.withInitial(NEXT_SLOT::getAndIncrement);

    private final List<String> hostCommand;
    private final Path logDir;
    private final Map<String, String> env;
    private final Map<Integer, NativeHostProcess> hosts = new ConcurrentHashMap<>();
    private volatile boolean closed;

    CFunctionInvoker(List<String> hostCommand, Path logDir, Map<String, String> env) {
        this.hostCommand = List.copyOf(hostCommand);
        this.logDir = logDir;
        this.env = env;
    }

    /**
     * The worker's invoker: hosts are JVMs of this one's {@code java} and class path (braid.jar
     * carries JNA), with the logs of what C functions print in {@code logDir}.
     */
    public static CFunctionInvoker forWorker(Path logDir) {
        return new CFunctionInvoker(hostCommand(logDir), logDir, System.getenv());
    }

    /**
     * A JVM made to start fast and stay small: it only decodes frames and calls JNA, so C1 code
     * and the serial collector are enough; the worker's class-data archive (same class path) is
     * mapped when it has one.
     */
    static List<String> hostCommand(Path logDir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-Xss1m");
        // A crash report goes beside the host's log, not into the worker's working directory.
        cmd.add("-XX:ErrorFile=" + logDir.resolve("native-host-hs_err_pid%p.log"));
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-XX:SharedArchiveFile=") || a.startsWith("-Xshare:")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(NativeHostMain.class.getName());
        return cmd;
    }

    /**
     * Calls the job's C function with the parameter values the worker prepared (a FILE as its
     * path). On return, {@code values[i]} holds the new contents of each byte[] the task writes
     * (a ByteBuffer's remaining bytes are overwritten in place).
     *
     * @return the function's return value, boxed (null for void)
     * @throws CFunctionCrashedException     the function ended the host (the task is retried)
     * @throws CFunctionUnavailableException the library or the symbol is missing (not retried)
     */
    public Object run(RunTask job, Object[] values) throws Exception {
        CFunctionCall c = job.cFunction();
        String library = ProcessCommand.expand(c.library(), env);
        String what = "C function " + c.symbol() + " of " + library;
        HostCall call = new HostCall(library, c.symbol(), CType.ofJava(c.returnType()), args(job, values, what));
        if (closed) {
            throw new IllegalStateException("the worker is stopping: " + what + " not called");
        }
        int executor = SLOT.get();
        NativeHostProcess host = hosts.get(executor);
        if (host == null || !host.alive()) {
            if (host != null) {
                host.close();
            }
            long t0 = System.nanoTime();
            host = NativeHostProcess.start(hostCommand, logDir, "native-host-executor" + executor + "-"
                    + System.nanoTime());
            hosts.put(executor, host);
            LOG.info("executor {}: native task host {} started in {} ms", executor, host.pid(),
                    (System.nanoTime() - t0) / 1_000_000);
        }
        NativeHostProcess running = host;
        // A cancelled job (its time-out passed, its group cancelled) kills the host: the wait below then ends.
        TaskCancellation cancellation = TaskCancellation.current();
        if (cancellation != null) {
            cancellation.onCancel(() -> {
                hosts.remove(executor, running);
                running.kill();
            });
        }
        HostReply r;
        try {
            r = host.call(call, what);
        } catch (CFunctionCrashedException e) {
            hosts.remove(executor, host);
            LOG.warn("executor {}: {}", executor, e.getMessage());
            throw e;
        } finally {
            if (cancellation != null) {
                cancellation.onCancel(null);
            }
        }
        switch (r.status()) {
            case UNAVAILABLE -> throw new CFunctionUnavailableException(what + ": " + r.message());
            case ERROR -> throw new IllegalArgumentException(what + ": " + r.message());
            default -> { }
        }
        for (Map.Entry<Integer, byte[]> e : r.buffers().entrySet()) {
            if (values[e.getKey()] instanceof ByteBuffer b) {
                b.put(b.position(), e.getValue()); // its remaining bytes, position and limit unchanged
            } else {
                values[e.getKey()] = e.getValue();
            }
        }
        return r.value();
    }

    /** One argument per parameter, typed by its Java type (a FILE: its path, a string). */
    private static List<HostCall.Arg> args(RunTask job, Object[] values, String what) {
        List<JobParam> params = job.params();
        List<HostCall.Arg> args = new ArrayList<>(params.size());
        for (int i = 0; i < params.size(); i++) {
            JobParam p = params.get(i);
            CType t = p.kind() == JobParam.Kind.FILE ? CType.STRING : CType.ofJava(job.paramTypes().get(i));
            Object v = values[i];
            if (t == CType.CHAR && (Character) v > 0xff) {
                throw new IllegalArgumentException(what + ": argument " + (i + 1) + " '" + v + "' (U+"
                        + Integer.toHexString((Character) v) + ") does not fit C's one-byte char");
            }
            boolean written = t == CType.BUFFER && p.outData() != null;
            if (v instanceof ByteBuffer b) {
                if (written && b.isReadOnly()) {
                    throw new IllegalArgumentException(what + ": argument " + (i + 1) + " is a read-only ByteBuffer"
                            + " the function is to write");
                }
                byte[] remaining = new byte[b.remaining()];
                b.duplicate().get(remaining);
                v = remaining;
            }
            args.add(new HostCall.Arg(t, v, written));
        }
        return args;
    }

    /** The pid of the executor's host, -1 when it has none (for logs and tests). */
    long pid(int executor) {
        NativeHostProcess p = hosts.get(executor);
        return p == null ? -1 : p.pid();
    }

    /** Stops every host. */
    @Override
    public void close() {
        closed = true;
        hosts.values().forEach(NativeHostProcess::close);
        hosts.clear();
    }
}
