package io.braid.worker.execution.python;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs Python tasks in persistent Python processes, one per executor of the worker: the first
 * task of an executor starts its process, later ones reuse it (the application's modules stay
 * imported). A process that dies fails its task with {@link PythonProcessDiedException} and is
 * dropped; the executor's next task starts a new one. A task's Python exception is not a
 * Java exception: it comes back in the {@link PythonTaskResult} with its traceback.
 *
 * <p>Each executor runs one task at a time (the worker's slots), so a process is never shared
 * by two threads.
 */
public final class PythonInvoker implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PythonInvoker.class);

    private final PythonSettings settings;
    private final Map<Integer, PythonWorkerProcess> processes = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public PythonInvoker(PythonSettings settings) {
        this.settings = settings;
    }

    /** Runs the call in executor {@code executor}'s process (started if it has none or it died). */
    public PythonTaskResult run(int executor, PythonTaskCall call) throws IOException {
        PythonStreams streams = new PythonStreams();
        try {
            return run(executor, call, streams);
        } finally {
            streams.release();
        }
    }

    /** As {@link #run(int, PythonTaskCall)}, the task's stream requests answered by {@code streams}. */
    PythonTaskResult run(int executor, PythonTaskCall call, PythonStreams streams) throws IOException {
        if (closed) {
            throw new IllegalStateException("the Python invoker is closed");
        }
        PythonWorkerProcess process = processes.get(executor);
        if (process == null || !process.alive()) {
            if (process != null) {
                process.close();
            }
            process = PythonWorkerProcess.start(settings, "python-executor" + executor + "-" + System.nanoTime());
            processes.put(executor, process);
            LOG.info("executor {}: Python worker process {} started", executor, process.pid());
        }
        try {
            return process.run(call, streams);
        } catch (PythonProcessDiedException e) {
            processes.remove(executor, process);
            LOG.warn("executor {}: {}", executor, e.getMessage());
            throw e;
        }
    }

    /** The pid of the executor's process, -1 when it has none (for logs and tests). */
    public long pid(int executor) {
        PythonWorkerProcess p = processes.get(executor);
        return p == null ? -1 : p.pid();
    }

    /** Kills the executor's process (its running task is cancelled: the waiting run() fails). */
    public void cancel(int executor) {
        PythonWorkerProcess p = processes.remove(executor);
        if (p != null) {
            p.kill();
        }
    }

    /** Stops every process. */
    @Override
    public void close() {
        closed = true;
        processes.values().forEach(PythonWorkerProcess::close);
        processes.clear();
    }
}
