package io.braid.worker.execution.python;

import io.braid.worker.execution.taskprocess.TaskProcesses;

import java.io.IOException;

/**
 * Runs Python tasks in persistent Python processes, one per executor of the worker: the first
 * task of an executor starts its process, later ones reuse it (the application's modules stay
 * imported). A process that dies fails its task with {@link PythonProcessDiedException} and is
 * dropped; the executor's next task starts a new one ({@link TaskProcesses}). A task's Python
 * exception is not a Java exception: it comes back in the {@link PythonTaskResult} with its
 * traceback.
 */
public final class PythonInvoker implements AutoCloseable {
    private final TaskProcesses<Integer, PythonWorkerProcess> processes;

    public PythonInvoker(PythonSettings settings) {
        this.processes = new TaskProcesses<>("Python", executor -> PythonWorkerProcess.start(settings,
                "python-executor" + executor + "-" + System.nanoTime()));
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
        return processes.run(executor, p -> p.run(call, streams));
    }

    /** The pid of the executor's process, -1 when it has none (for logs and tests). */
    public long pid(int executor) {
        PythonWorkerProcess p = processes.get(executor);
        return p == null ? -1 : p.pid();
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
