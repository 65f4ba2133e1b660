package io.braid.worker.execution.python;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.spi.TaskCancellation;
import io.braid.streams.DistroStream;
import io.braid.worker.data.WorkerDataStore;
import io.braid.worker.execution.taskprocess.ExecutorSlot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Runs the job of a Python task ({@link RunTask#foreign()} in language python) in the executor's
 * Python process: its objects go as the opaque pickles the main program gave (never
 * deserialised in Java), its files as the paths {@code TaskFiles} made, and what the function
 * returns or updates comes back as pickles for the worker to store under the job's output
 * versions.
 *
 * <p>Large objects do not go through the worker's memory (docs/DESIGN.md, "Large Python objects
 * as files"): a process writes an object whose pickle reaches the threshold to a new file of the
 * object directory and the job's value is then that file's {@link Path}, which the worker keeps as
 * the version; an input version kept in a file here comes as a {@link Path} too and goes to the
 * process as an {@code object_file} argument, loaded from the file.
 */
public final class PythonJobs {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PythonJobs.class);
    /** pickle.dumps(None): what an OUT object starts as (a Python task cannot rebind its argument). */
    private static final byte[] PICKLED_NONE = {(byte) 0x80, 0x04, 'N', '.'};

    private final java.util.function.Supplier<PythonInvoker> start;
    private final Path objectDir;
    private PythonInvoker invoker;

    /** {@code start} makes the invoker, on the first Python job (a worker that runs none starts nothing). */
    public PythonJobs(java.util.function.Supplier<PythonInvoker> start) {
        this(start, null);
    }

    /**
     * As {@link #PythonJobs(java.util.function.Supplier)}, the invoker's processes writing large
     * objects to {@code objectDir} (where the updated value of an object given as a file goes too).
     */
    public PythonJobs(java.util.function.Supplier<PythonInvoker> start, Path objectDir) {
        this.start = start;
        this.objectDir = objectDir;
    }

    /**
     * The worker's invoker for Python tasks, run by {@code interpreter}, with its logs in
     * {@code logDir}; {@code executors} (computing units + I/O executors) processes at most, all
     * started on its first Python task; objects whose pickle reaches {@code objectFileThreshold}
     * bytes are written to files of {@code workingDir} (the worker's data store's directory).
     */
    public static PythonJobs forWorker(String interpreter, Path workingDir, Path logDir, int executors,
            long objectFileThreshold) {
        return new PythonJobs(() -> new PythonInvoker(new PythonSettings(List.of(interpreter), List.of(),
                List.of(BundledPythonPackage.extractTo(workingDir.resolve("python-package"))), logDir, workingDir,
                objectFileThreshold), executors), workingDir);
    }

    private synchronized PythonInvoker invoker() {
        if (invoker == null) {
            invoker = start.get();
        }
        return invoker;
    }

    /**
     * Starts the worker's Python processes now, in a background thread, instead of at the first
     * Python job (the worker command's {@code --python_prestart}: a worker of a Python main program). The first jobs
     * come as soon as the program submits them, and would otherwise wait for the package's
     * extraction and for as many interpreters as the worker has executors, starting together.
     */
    public void prestart() {
        Thread t = new Thread(() -> {
            try {
                invoker().prestart();
            } catch (RuntimeException e) {
                LOG.warn("could not start the Python processes ahead (the first Python task starts its own): {}",
                        e.toString());
            }
        }, "python-prestart");
        t.setDaemon(true);
        t.start();
    }

    /** Stops the Python processes. */
    public synchronized void close() {
        if (invoker != null) {
            invoker.close();
        }
    }

    /**
     * Runs the job. {@code values[i]} holds parameter i as the worker prepared it: a VALUE's text
     * (Base64 bytes, or a collection's length), an OBJECT's bytes or the {@link Path} of the file
     * it is kept in (null for an OBJECT that has no input version), a FILE's path. On return,
     * {@code values[i]} holds the new value of every OBJECT the task writes, return slots included:
     * its bytes, or the {@link Path} of the new file the process wrote it to.
     *
     * @throws PythonTaskException      the function raised or ran past its time-out
     * @throws PythonProcessDiedException the process ended before replying
     */
    public void run(RunTask job, Object[] values) throws IOException {
        ForeignCall f = job.foreign();
        List<JobParam> params = job.params();
        int argCount = params.size() - f.returns();
        PythonStreams streams = new PythonStreams();
        List<PythonArg> args = new ArrayList<>(argCount);
        List<int[]> argParams = new ArrayList<>(argCount); // per argument: its parameters (a collection's elements)
        for (int i = 0; i < argCount; i++) {
            JobParam p = params.get(i);
            if (p.isCollectionHeader()) {
                int n = p.collectionSize();
                int[] elements = new int[n];
                List<PythonArg> items = new ArrayList<>(n);
                String direction = "IN";
                for (int k = 0; k < n; k++) {
                    elements[k] = i + 1 + k;
                    JobParam e = params.get(elements[k]);
                    items.add(arg(e, values[elements[k]], f, streams));
                    direction = direction(e);
                }
                args.add(PythonArg.collection(direction, items));
                argParams.add(elements);
                i += n;
            } else {
                args.add(arg(p, values[i], f, streams));
                argParams.add(new int[] {i});
            }
        }
        // No time_out for the process: the worker's own timer cancels the job, which kills the process
        // (a task stuck in C code never returns to Python's alarm handler). A time_out in the
        // module's own @task still applies there.
        PythonTaskCall call = new PythonTaskCall(job.jobId(), f.module(), f.function(), args, f.returns(), List.of(),
                0, null, null, null, f.location() == null ? List.of() : List.of(f.location()));
        int executor = ExecutorSlot.current();
        PythonInvoker python = invoker();
        // A cancelled job (its group cancelled, its time-out passed) kills its process: the wait below then ends.
        TaskCancellation cancellation = TaskCancellation.current();
        if (cancellation != null) {
            cancellation.onCancel(() -> python.cancel(executor));
        }
        PythonTaskResult r;
        try {
            r = python.run(executor, call, streams);
        } finally {
            streams.release(); // the STREAM parameters' handles are the job's TaskStreams' to release
            if (cancellation != null) {
                cancellation.onCancel(null);
            }
        }
        String task = f.module() + "." + f.function();
        if (!r.ok()) {
            throw new PythonTaskException(task, r);
        }
        try {
            store(r, values, argParams, argCount, f.returns(), task);
        } catch (RuntimeException e) {
            r.deleteWritten(); // the job fails: the files the process wrote for it are nobody's
            throw e;
        }
    }

    private static void store(PythonTaskResult r, Object[] values, List<int[]> argParams, int argCount, int returns,
            String task) {
        for (PythonTaskResult.Updated u : r.updated()) {
            int[] target = argParams.get(Integer.parseInt(u.arg()));
            int element = u.item().isEmpty() ? 0 : u.item().get(0);
            if (element >= target.length) {
                throw new IllegalStateException("Python task " + task + " grew collection argument " + u.arg()
                        + " to more than its " + target.length + " elements");
            }
            values[target[element]] = value(u.value());
        }
        if (r.returns().size() != returns) {
            throw new IllegalStateException("Python task " + task + " gave " + r.returns().size()
                    + " values, " + returns + " declared");
        }
        for (int k = 0; k < returns; k++) {
            values[argCount + k] = value(r.returns().get(k));
        }
    }

    /** An output as the worker stores it: the pickle's bytes, or the file the process wrote it to. */
    private static Object value(PythonTaskResult.Output o) {
        return o.pickle() != null ? o.pickle() : Path.of(o.path());
    }

    private PythonArg arg(JobParam p, Object value, ForeignCall f, PythonStreams streams) {
        return switch (p.kind()) {
            case VALUE -> PythonArg.value(Base64.getDecoder().decode((String) value), "IN");
            case OBJECT -> value instanceof Path kept ? objectFile(p, kept)
                    : PythonArg.value(value == null ? PICKLED_NONE : (byte[]) value, direction(p));
            case FILE -> PythonArg.file((String) value, direction(p));
            case STREAM -> streams.param((DistroStream<?>) value, p.outData() != null ? "OUT" : "IN");
            case COLLECTION -> throw new IllegalStateException("a collection header is not an argument of its own");
        };
    }

    /**
     * An input kept in a file: the process loads it from there. Written by the task (INOUT), its
     * new value goes to a file of its own, named after the output version: the input version's file
     * stays as it was for its other readers.
     */
    private PythonArg objectFile(JobParam p, Path kept) {
        String direction = direction(p);
        if (p.outData() == null) {
            return PythonArg.objectFile(kept.toString(), direction, null);
        }
        Path dir = objectDir != null ? objectDir : kept.toAbsolutePath().getParent();
        return PythonArg.objectFile(kept.toString(), direction, dir.resolve(WorkerDataStore.objectFileName(p.outData())).toString());
    }

    private static String direction(JobParam p) {
        return p.inData() == null ? "OUT" : p.outData() == null ? "IN" : "INOUT";
    }
}
