package io.braid.worker.execution.c;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.spi.TaskCancellation;
import io.braid.worker.execution.taskprocess.ExecutorSlot;
import io.braid.worker.execution.taskprocess.TaskProcessDiedException;
import io.braid.worker.execution.taskprocess.TaskProcesses;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs the jobs of C tasks ({@link RunTask#foreign()} in language c: module = the IDL interface,
 * function = the task function, location = the worker library's path) in persistent
 * {@code braid-c-worker} processes, one per executor and library, started on the executor's first
 * task of that library. Values cross as the C worker protocol's VALUE encodings, which the main
 * program made (never decoded in Java, only checked for length); files as the paths
 * {@code TaskFiles} made. The job is checked against the library's task table (READY) before it
 * is sent: an unknown function or a definition that does not match the IDL is one line.
 */
public final class CJobs {
    private final Supplier<Path> executable;
    private final Path logDir;
    private TaskProcesses<Key, CWorkerProcess> processes;

    /** One process per executor and worker library. */
    record Key(int executor, String library) {
        @Override
        public String toString() {
            return "executor " + executor + " (" + library + ")";
        }
    }

    /** {@code executable} finds braid-c-worker, on the first C job (a worker that runs none looks for nothing). */
    public CJobs(Supplier<Path> executable, Path logDir) {
        this.executable = executable;
        this.logDir = logDir;
    }

    /** The worker's runner of C tasks; {@code configured}: the setting BRAID_C_WORKER (null: searched). */
    public static CJobs forWorker(String configured, Path logDir) {
        return new CJobs(() -> CWorkerExecutable.find(configured), logDir);
    }

    private synchronized TaskProcesses<Key, CWorkerProcess> processes() {
        if (processes == null) {
            Path exe = executable.get();
            processes = new TaskProcesses<>("C", key -> CWorkerProcess.start(exe, key.library(), logDir.resolve(
                    "c-executor" + key.executor() + "-" + Path.of(key.library()).getFileName() + "-" + System.nanoTime()
                            + ".err")));
        }
        return processes;
    }

    /** Stops the C processes. */
    public synchronized void close() {
        if (processes != null) {
            processes.close();
        }
    }

    /** The pid of the executor's process for {@code library}, -1 when it has none (tests). */
    public long pid(int executor, String library) {
        CWorkerProcess p = processes().get(new Key(executor, library));
        return p == null ? -1 : p.pid();
    }

    /**
     * Runs the job. {@code values[i]}: a VALUE's Base64 text, an OBJECT's bytes (null when it has
     * no input version), a FILE's path. On return, {@code values[i]} holds the new VALUE bytes of
     * every OBJECT the task writes, the return slot included.
     *
     * @throws CTaskException            the job does not fit the library, or the task's error
     * @throws TaskProcessDiedException  the process ended before replying (a crash: its signal named)
     */
    public void run(RunTask job, Object[] values) throws IOException {
        ForeignCall f = job.foreign();
        String task = f.module() + "." + f.function();
        if (f.location() == null || f.location().isBlank()) {
            throw new CTaskException("C task " + task + ": no worker library given (location)");
        }
        Key key = new Key(ExecutorSlot.current(), f.location());
        TaskProcesses<Key, CWorkerProcess> all = processes();
        TaskCancellation cancellation = TaskCancellation.current();
        if (cancellation != null) {
            cancellation.onCancel(() -> all.cancel(key));
        }
        int argCount = job.params().size() - f.returns();
        CTaskResult r;
        try {
            r = all.run(key, p -> {
                CFunction fn = function(p.library(), f, task);
                CStreams streams = new CStreams(); // the STREAM parameters' handles are the job's TaskStreams' to release
                return p.run(new CTaskCall(job.jobId(), fn.name(), args(job, values, fn, task, streams), "", "", ""),
                        task, streams);
            });
        } finally {
            if (cancellation != null) {
                cancellation.onCancel(null);
            }
        }
        if (!r.ok()) {
            throw new CTaskException("C task " + task + ": " + r.error());
        }
        for (Map.Entry<Integer, byte[]> u : r.updated().entrySet()) {
            int i = u.getKey();
            if (i < 0 || i >= argCount) {
                throw new IllegalStateException("C task " + task + ": braid-c-worker updated argument " + i
                        + " of " + argCount);
            }
            values[i] = u.getValue();
        }
        if (f.returns() == 1) {
            values[argCount] = r.returned();
        }
    }

    private static CFunction function(CLibrary library, ForeignCall f, String task) {
        CFunction fn;
        try {
            fn = library.function(f.function());
        } catch (CTaskException e) {
            throw new CTaskException("C task " + task + ": " + e.getMessage());
        }
        int returns = fn.returnsValue() ? 1 : 0;
        if (f.returns() != returns) {
            throw new CTaskException("C task " + task + ": " + fn.name() + " returns "
                    + CTypes.name(fn.returnType(), fn.returnUserType()) + " in " + library.path()
                    + ", the task was defined with " + f.returns() + " return value" + (f.returns() == 1 ? "" : "s"));
        }
        return fn;
    }

    /** The TASK's arguments, each checked against the IDL's parameter. */
    private static List<CTaskCall.Arg> args(RunTask job, Object[] values, CFunction fn, String task,
                                            CStreams streams) {
        List<JobParam> params = job.params();
        int argCount = params.size() - job.foreign().returns();
        if (argCount != fn.params().size()) {
            List<String> declared = fn.params().stream().map(CFunction.Param::describe).toList();
            throw new CTaskException("C task " + task + ": " + fn.name() + " takes " + fn.params().size() + " argument"
                    + (fn.params().size() == 1 ? "" : "s") + " (" + String.join(", ", declared) + "), the task was"
                    + " defined with " + argCount);
        }
        List<CTaskCall.Arg> args = new ArrayList<>(argCount);
        for (int i = 0; i < argCount; i++) {
            JobParam p = params.get(i);
            CFunction.Param d = fn.params().get(i);
            int dir = p.kind() == JobParam.Kind.VALUE || p.isCollectionHeader() ? CTypes.IN
                    : p.kind() == JobParam.Kind.STREAM ? (p.outData() != null ? CTypes.OUT : CTypes.IN)
                    : p.inData() == null ? CTypes.OUT : p.outData() == null ? CTypes.IN : CTypes.INOUT;
            String given = p.isCollectionHeader() ? "a COLLECTION" : CTypes.direction(dir).toUpperCase(java.util.Locale.ROOT) + " " + p.kind();
            boolean fits = dir == d.direction() && switch (p.kind()) {
                case FILE -> d.isFile();
                case VALUE -> !d.isFile() && !d.isStream();
                case COLLECTION -> false; // C tasks take no collections (braid-c refuses them at definition)
                case OBJECT -> !d.isFile() && !d.isStream();
                case STREAM -> d.isStream() && (CTypes.base(d.type()) == CTypes.FILE_STREAM)
                        == (values[i] instanceof io.braid.streams.FileDistroStream);
            };
            String where = "C task " + task + ": argument " + (i + 1) + " (" + d.describe() + ")";
            if (!fits) {
                throw new CTaskException(where + " is passed as " + given);
            }
            byte[] value;
            if (p.kind() == JobParam.Kind.STREAM) {
                value = streams.param((io.braid.streams.DistroStream<?>) values[i]);
            } else if (p.kind() == JobParam.Kind.FILE) {
                byte[] path = ((String) values[i]).getBytes(StandardCharsets.UTF_8);
                value = java.nio.ByteBuffer.allocate(4 + path.length).putInt(path.length).put(path).array();
            } else if (dir == CTypes.OUT) {
                value = null;
            } else {
                value = p.kind() == JobParam.Kind.VALUE ? Base64.getDecoder().decode((String) values[i]) : (byte[]) values[i];
                if (value == null || !CTypes.isValue(value, d.type())) {
                    throw new CTaskException(where + ": " + (value == null ? "no value" : value.length + " bytes")
                            + ", not a VALUE of " + CTypes.name(d.type(), d.userType()) + " ("
                            + CTypes.expected(d.type()) + ")");
                }
            }
            args.add(new CTaskCall.Arg(d.type(), d.direction(), value));
        }
        return args;
    }
}
