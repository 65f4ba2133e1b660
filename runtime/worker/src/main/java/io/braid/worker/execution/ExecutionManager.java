package io.braid.worker.execution;

import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskFailed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The worker's execution platforms: a compute platform with one executor thread per computing
 * unit, and a separate I/O platform whose executors take {@code @IO} tasks, so these overlap
 * with compute tasks. Compute jobs pass a {@link ComputeGate}: the master may send short jobs
 * ahead, and they start in order as computing units free up.
 */
public final class ExecutionManager {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionManager.class);

    private final ExecutorService compute;
    private final ComputeGate computeGate;
    private final ExecutorService io;
    private final JobRunner runner;
    private final JobOutputRouter output;
    private final Consumer<Message> replies;

    public ExecutionManager(int computingUnits, int ioExecutors, JobRunner runner, JobOutputRouter output, Consumer<Message> replies) {
        this.compute = Executors.newFixedThreadPool(Math.max(1, computingUnits), named("compute"));
        this.computeGate = new ComputeGate(computingUnits, compute);
        this.io = Executors.newFixedThreadPool(Math.max(1, ioExecutors), named("io"));
        this.runner = runner;
        this.output = output;
        this.replies = replies;
    }

    public void submit(RunTask job) {
        if (job.ioTask()) {
            io.execute(() -> execute(job));
        } else {
            computeGate.submit(job, () -> execute(job));
        }
    }

    private void execute(RunTask job) {
        output.begin(job.jobId(), job.methodName());
        try {
            replies.accept(runner.run(job));
        } catch (InputUnavailableException e) {
            LOG.info("job {} could not get its inputs: {}", job.jobId(), e.getMessage());
            replies.accept(new TaskFailed(job.jobId(), TaskFailed.INPUT_UNAVAILABLE + e.getMessage()));
        } catch (StreamTaskFailure f) {
            failed(job, f.getCause(), true);
        } catch (Throwable t) {
            failed(job, t, false);
        } finally {
            output.end();
        }
    }

    private void failed(RunTask job, Throwable t, boolean streamsUsed) {
        LOG.info("job {} ({}.{}) failed: {}", job.jobId(), job.className(), job.methodName(), t.toString());
        t.printStackTrace(); // into the job's .err file
        replies.accept(new TaskFailed(job.jobId(), stackTrace(t), streamsUsed));
    }

    public void shutdown() {
        compute.shutdownNow();
        io.shutdownNow();
        try {
            compute.awaitTermination(2, TimeUnit.SECONDS);
            io.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    /** Executors run with the application's class loader (the creator's) as context loader, whoever starts them. */
    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger n = new AtomicInteger();
        ClassLoader appLoader = Thread.currentThread().getContextClassLoader();
        return r -> {
            Thread t = new Thread(r, prefix + "-executor-" + n.incrementAndGet());
            t.setContextClassLoader(appLoader);
            t.setDaemon(true);
            return t;
        };
    }
}
