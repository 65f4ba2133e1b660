package io.braid.worker.execution.python;

import io.braid.worker.execution.taskprocess.TaskProcesses;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs Python tasks in persistent Python processes, one per executor of the worker: the first
 * task of an executor starts its process, later ones reuse it (the application's modules stay
 * imported). A process that dies fails its task with {@link PythonProcessDiedException} and is
 * dropped; the executor's next task starts a new one ({@link TaskProcesses}). A task's Python
 * exception is not a Java exception: it comes back in the {@link PythonTaskResult} with its
 * traceback.
 */
public final class PythonInvoker implements AutoCloseable {
    /** The key spares are started with (no executor has it). */
    private static final int SPARE = -1;

    private final TaskProcesses<Integer, PythonWorkerProcess> processes;
    private final int executors;
    private final AtomicBoolean warmed = new AtomicBoolean();

    /** An invoker that starts each executor's process on its first task. */
    public PythonInvoker(PythonSettings settings) {
        this(settings, 1);
    }

    /**
     * An invoker for a worker of {@code executors} executors (computing units and I/O executors):
     * its first task starts a process for every executor at once, in the background (that task
     * takes one), so the first task of each other executor (an I/O task in particular) finds its
     * process ready.
     */
    public PythonInvoker(PythonSettings settings, int executors) {
        this.executors = executors;
        this.processes = new TaskProcesses<>("Python", executor -> PythonWorkerProcess.start(settings,
                (executor == SPARE ? "python-spare" : "python-executor" + executor) + "-" + System.nanoTime()));
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
        if (executors > 1) {
            prestart(); // this task's executor takes one of them too
        }
        return processes.run(executor, p -> p.run(call, streams));
    }

    /** Starts a process for every executor, in the background, unless that was done already. */
    void prestart() {
        if (warmed.compareAndSet(false, true)) {
            processes.prestart(executors, SPARE);
        }
    }

    /** The pid of the executor's process, -1 when it has none (for logs and tests). */
    public long pid(int executor) {
        PythonWorkerProcess p = processes.get(executor);
        return p == null ? -1 : p.pid();
    }

    /** Processes started ahead that no executor has taken yet (for tests). */
    int spares() {
        return processes.spares();
    }

    /** Kills the executor's process (its running task is cancelled: the waiting run() fails). */
    public void cancel(int executor) {
        processes.cancel(executor);
    }

    /** Stops every process. */
    @Override
    public void close() {
        processes.close();
    }
}
