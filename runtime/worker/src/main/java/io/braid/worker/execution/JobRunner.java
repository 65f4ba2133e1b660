package io.braid.worker.execution;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.serial.ObjectSerializer;
import io.braid.worker.data.InputResolver;
import io.braid.worker.data.TaskFiles;
import io.braid.worker.data.WorkerDataStore;
import io.braid.worker.execution.cfunction.CFunctionInvoker;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one job: brings its inputs, calls the method, runs the program, calls the C function in a
 * native task host ({@link CFunctionInvoker}) or hands a function of another language to
 * {@link ForeignInvoker} (its objects stay opaque bytes), stores what it wrote.
 * Its FILE parameters go through {@link TaskFiles} (the task sees the main program's file names
 * in a sandbox of the job's own).
 */
public final class JobRunner {
    private final JavaInvoker invoker;
    private final ProcessInvoker programs;
    private final ForeignInvoker foreign;
    private final CFunctionInvoker cFunctions;
    private final ObjectSerializer serializer;
    private final WorkerDataStore store;
    private final InputResolver inputs;
    private final long pythonObjectFileThreshold;

    /**
     * {@code pythonObjectFileThreshold}: an object input of a Python task of at least that many bytes
     * that this worker holds in memory (fetched from another node, sent by the master) is moved to
     * a file first, which the task loads (docs/DESIGN.md, "Large Python objects as files").
     */
    public JobRunner(JavaInvoker invoker, ProcessInvoker programs, ForeignInvoker foreign, CFunctionInvoker cFunctions,
                     ObjectSerializer serializer, WorkerDataStore store, InputResolver inputs,
                     long pythonObjectFileThreshold) {
        this.invoker = invoker;
        this.programs = programs;
        this.foreign = foreign;
        this.cFunctions = cFunctions;
        this.serializer = serializer;
        this.store = store;
        this.inputs = inputs;
        this.pythonObjectFileThreshold = pythonObjectFileThreshold;
    }

    public TaskDone run(RunTask job) throws Throwable {
        Method method = job.process() == null && job.foreign() == null && job.cFunction() == null
                ? invoker.find(job.className(), job.methodName(), job.paramTypes()) : null;
        TaskFiles files = null;
        for (JobParam p : job.params()) {
            if (p.kind() == JobParam.Kind.FILE) {
                files = new TaskFiles(store, inputs, job.jobId());
                break;
            }
        }
        try {
            return run(job, method, files);
        } finally {
            if (files != null) {
                files.close();
            }
        }
    }

    private TaskDone run(RunTask job, Method method, TaskFiles files) throws Throwable {
        List<JobParam> params = job.params();
        if (params.size() > 2) {
            inputs.prefetchObjects(params); // a collection's remote elements: fetched together, not one by one
        }
        Object[] values = new Object[params.size()];
        TaskStreams streams = null;
        for (int i = 0; i < values.length; i++) {
            JobParam p = params.get(i);
            try {
                if (p.kind() == JobParam.Kind.STREAM) {
                    streams = streams == null ? new TaskStreams() : streams;
                    values[i] = streams.open(p);
                } else if (p.kind() == JobParam.Kind.FILE) {
                    values[i] = files.path(p);
                } else if (job.foreign() != null) {
                    values[i] = foreignValue(p, ForeignCall.PYTHON.equals(job.foreign().language()));
                } else {
                    values[i] = prepare(p, i == 0 && job.hasTarget() ? job.className() : null);
                }
            } catch (java.io.IOException e) {
                throw new InputUnavailableException(e);
            }
        }
        Object target = job.hasTarget() ? values[0] : null;
        Object[] args = method != null && hasCollection(params)
                ? withCollections(params, values, job.hasTarget() ? 1 : 0, method.getParameterCount())
                : job.hasTarget() ? java.util.Arrays.copyOfRange(values, 1, values.length) : values;
        long startMicros = java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now());
        long start = System.nanoTime();
        Object result;
        try {
            if (method != null) {
                result = invoker.invoke(method, target, args);
            } else if (job.foreign() != null) {
                foreign.run(job, values); // the written objects' new bytes are now in values
                result = null;
            } else if (job.cFunction() != null) {
                result = cFunctions.run(job, values); // the written byte[]s' new contents are now in values
            } else {
                result = programs.run(job, values);
            }
        } catch (Throwable t) {
            if (streams != null && streams.taskFailed()) {
                throw new StreamTaskFailure(t);
            }
            throw t;
        }
        if (streams != null) {
            streams.taskReturned();
        }
        long runNanos = System.nanoTime() - start;

        List<String> outputs = new ArrayList<>(2);
        List<Long> sizes = new ArrayList<>(2);
        List<String> paths = new ArrayList<>(2);
        boolean anyFile = false;
        for (int i = 0; i < values.length; i++) {
            JobParam p = params.get(i);
            if (p.outData() == null || p.kind() == JobParam.Kind.STREAM) {
                continue;
            }
            boolean file = p.kind() == JobParam.Kind.FILE;
            Path version = file ? files.commit(p) : null;
            long size = file ? storeFile(p, version)
                    : job.foreign() != null ? storeForeign(p.outData(), values[i])
                    : storeObject(p.outData(), values[i]);
            outputs.add(p.outData());
            sizes.add(size);
            paths.add(file ? version.toString() : null);
            anyFile |= file;
        }
        if (job.returnData() != null) {
            outputs.add(job.returnData());
            sizes.add(job.process() != null && job.process().pickledExit()
                    ? storeForeign(job.returnData(), PickledInt.of((Integer) result))
                    : storeObject(job.returnData(), result));
            paths.add(null);
        }
        return new TaskDone(job.jobId(), outputs, sizes, startMicros, runNanos, Thread.currentThread().getName(),
                anyFile ? paths : null);
    }

    /**
     * The method's arguments when it takes collections: each collection's header parameter and the
     * elements after it become one {@code ArrayList} of the elements' values (an INOUT element the
     * task changes in place is stored back from {@code values}, where the same object stays).
     */
    private static boolean hasCollection(List<JobParam> params) {
        for (JobParam p : params) {
            if (p.isCollectionHeader()) {
                return true;
            }
        }
        return false;
    }

    private static Object[] withCollections(List<JobParam> params, Object[] values, int from, int count) {
        Object[] args = new Object[count];
        int a = 0;
        for (int i = from; i < values.length; i++) {
            JobParam p = params.get(i);
            if (p.isCollectionHeader()) {
                int n = p.collectionSize();
                ArrayList<Object> list = new ArrayList<>(n);
                for (int k = 1; k <= n; k++) {
                    list.add(values[i + k]);
                }
                args[a++] = list;
                i += n;
            } else {
                args[a++] = values[i];
            }
        }
        if (a != count) {
            throw new IllegalStateException("the job has " + a + " arguments for a method of " + count + " parameters");
        }
        return args;
    }

    private Object prepare(JobParam p, String calleeClass) throws Exception {
        return switch (p.kind()) {
            case VALUE -> ValueParser.parse(p.javaType(), p.value());
            case COLLECTION -> null; // the list is built from the elements that follow (withCollections)
            case OBJECT -> p.inData() != null
                    ? serializer.deserialize(inputs.objectBytes(p.inData(), p.sources()))
                    : newEmptyObject(calleeClass != null ? calleeClass : p.javaType());
            case FILE -> throw new IllegalStateException("file parameters are resolved by TaskFiles");
            case STREAM -> throw new IllegalStateException("stream parameters are opened by TaskStreams");
        };
    }

    /**
     * A parameter of a foreign task as its language's invoker takes it: a VALUE's text as the
     * message has it, an OBJECT's input version as opaque bytes (null without one), or for a Python
     * task the {@link Path} of the file this node keeps it in (the Python process loads it from
     * there: a large object does not pass through this JVM again), a large one held in memory
     * being moved to a file first.
     */
    private Object foreignValue(JobParam p, boolean python) throws IOException {
        if (p.kind() == JobParam.Kind.VALUE || p.isCollectionHeader()) {
            return p.value();
        }
        if (p.inData() == null) {
            return null;
        }
        if (python) {
            Optional<Path> kept = store.versions().objectFile(p.inData());
            if (kept.isPresent()) {
                return kept.get();
            }
        }
        byte[] bytes = inputs.objectBytes(p.inData(), p.sources());
        return python && bytes.length >= pythonObjectFileThreshold ? store.moveObjectToFile(p.inData(), bytes) : bytes;
    }

    /** An OUT object parameter starts as a new instance made with the no-argument constructor. */
    private Object newEmptyObject(String className) throws ReflectiveOperationException {
        Class<?> c = invoker.classFor(className);
        var ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        return ctor.newInstance();
    }

    private long storeObject(String dataName, Object value) throws IOException {
        byte[] bytes = serializer.serialize(value);
        store.versions().putObject(dataName, bytes);
        return bytes.length;
    }

    /**
     * A foreign task's object: its bytes as the task's language made them (a pickle), stored as they
     * are, or the file its process wrote them to, kept as the version's file (deleted with it).
     */
    private long storeForeign(String dataName, Object value) throws IOException {
        if (value instanceof Path file) {
            store.versions().putObjectFile(dataName, file);
            return Files.size(file);
        }
        if (value == null) {
            throw new IllegalStateException("the task gave no value for " + dataName);
        }
        byte[] bytes = (byte[]) value;
        store.versions().putObject(dataName, bytes);
        return bytes.length;
    }

    private long storeFile(JobParam p, Path version) throws IOException {
        store.versions().putFile(p.outData(), version);
        return Files.size(version);
    }
}
