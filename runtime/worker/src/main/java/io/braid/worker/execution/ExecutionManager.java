package io.braid.worker.execution;

import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.message.TaskNotParked;
import io.braid.spi.TaskCancellation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The worker's execution platforms: a compute platform with one executor thread per computing
 * unit, and a separate I/O platform whose executors take {@code @IO} tasks, so these overlap
 * with compute tasks. Compute jobs pass a {@link ComputeGate}: the master may send short jobs
 * ahead, and they start in order as computing units free up. A job the master parked behind
 * another ({@link ParkedJobs}) takes that job's units when it ends well, on the same executor.
 *
 * <p>A running job can be cancelled: when it runs past its time-out, or when the master asks
 * ({@link #cancel}). Cancelling sets the task's {@link TaskCancellation} flag (its {@code
 * BraidWorker.cancellationPoint()} then throws) and interrupts its thread (a sleep or a wait
 * ends). A Java thread cannot be stopped safely from outside, so a task that does neither runs to
 * its end; whatever it returns then, the job is reported failed as cancelled.
 */
public final class ExecutionManager {
    private static final Logger LOG = LoggerFactory.getLogger(ExecutionManager.class);

    private final ComputeGate computeGate;
    private final ExecutorService io;
    private final TaskBody runner;
    private final JobOutputRouter output;
    private final Consumer<Message> replies;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(named("task-timeout"));
    private final Map<Long, Running> running = new ConcurrentHashMap<>();
    private final Map<Long, String> notStarted = new ConcurrentHashMap<>();
    private final ParkedJobs parked = new ParkedJobs();

    public ExecutionManager(int computingUnits, int ioExecutors, JobRunner runner, JobOutputRouter output, Consumer<Message> replies) {
        this(computingUnits, ioExecutors, (TaskBody) runner::run, output, replies);
    }

    /** What runs a job on its executor thread: the {@link JobRunner}, or a test's stand-in. */
    interface TaskBody {
        Message run(RunTask job) throws Throwable;
    }

    ExecutionManager(int computingUnits, int ioExecutors, TaskBody runner, JobOutputRouter output, Consumer<Message> replies) {
        this.computeGate = new ComputeGate(computingUnits, named("compute"));
        this.io = Executors.newFixedThreadPool(Math.max(1, ioExecutors), named("io"));
        this.runner = runner;
        this.output = output;
        this.replies = replies;
    }

    public void submit(RunTask job) {
        if (takenApart(job)) {
            parked.arrived(job.jobId());
            computeGate.submit(job, () -> runChain(job));
        }
    }

    /**
     * Starts an I/O job, or holds (or refuses) a job parked behind another; true for a compute
     * job that is left to enter the compute platform.
     */
    private boolean takenApart(RunTask job) {
        if (job.ioTask()) {
            io.execute(() -> replies.accept(execute(job)));
            return false;
        }
        if (job.afterJob() != 0) {
            if (!parked.hold(job)) {
                LOG.debug("job {} came after job {} ended: not parked", job.jobId(), job.afterJob());
                replies.accept(new TaskNotParked(job.jobId()));
            }
            return false;
        }
        return true;
    }

    /**
     * Runs a compute job, then each job parked behind the last one that ended well, on the same
     * computing units ({@link ParkedJobs}); each result names the job its units went to.
     */
    private void runChain(RunTask first) {
        RunTask job = first;
        while (job != null) {
            Message reply = execute(job);
            RunTask next = parked.ended(job.jobId(), reply instanceof TaskDone);
            if (next != null) {
                reply = ((TaskDone) reply).handedTo(next.jobId());
            }
            replies.accept(reply);
            job = next;
        }
    }

    /**
     * Submits the jobs in order, as {@link #submit} one by one would, but the compute jobs enter
     * the compute platform together, waking an executor at most once (the jobs of one read from
     * the master's connection).
     */
    public void submitAll(List<RunTask> jobs) {
        if (jobs.size() == 1) {
            submit(jobs.get(0));
            return;
        }
        List<RunTask> compute = new ArrayList<>(jobs.size());
        List<Runnable> bodies = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            RunTask job = jobs.get(i);
            if (takenApart(job)) {
                parked.arrived(job.jobId());
                compute.add(job);
                bodies.add(() -> runChain(job));
            }
        }
        if (!compute.isEmpty()) {
            computeGate.submitAll(compute, bodies);
        }
    }

    /**
     * Cancels the job if it is running here (a no-op otherwise): see the class comment. Its
     * failure is reported when its thread ends.
     */
    public void cancel(long jobId, String why) {
        if (!parked.cancel(jobId).isEmpty()) {
            // held behind another job: it never starts, nor do the jobs parked behind it
            replies.accept(new TaskFailed(jobId, "task cancelled: " + why));
            return;
        }
        Running r = running.get(jobId);
        if (r != null) {
            r.cancel(why);
        } else {
            notStarted.put(jobId, why); // queued behind busy computing units, or not arrived: never start it
        }
    }

    /** Runs the job on this thread; returns its result for the master. */
    private Message execute(RunTask job) {
        String cancelledEarly = notStarted.remove(job.jobId());
        if (cancelledEarly != null) {
            LOG.info("job {} ({}.{}) cancelled before it started: {}", job.jobId(), job.className(), job.methodName(),
                    cancelledEarly);
            return new TaskFailed(job.jobId(), "task cancelled: " + cancelledEarly);
        }
        output.begin(job.jobId(), job.methodName());
        Running r = new Running(Thread.currentThread());
        running.put(job.jobId(), r);
        TaskCancellation.bind(r.flag);
        ScheduledFuture<?> deadline = job.timeOutMs() <= 0 ? null : timer.schedule(
                () -> r.cancel("it ran past its time-out of " + job.timeOutMs() + " ms"), job.timeOutMs(),
                TimeUnit.MILLISECONDS);
        Message reply;
        try {
            Message result = runner.run(job);
            String cancelled = r.finish(deadline);
            reply = cancelled == null ? result : new TaskFailed(job.jobId(), "task cancelled: " + cancelled);
        } catch (InputUnavailableException e) {
            r.finish(deadline);
            LOG.info("job {} could not get its inputs: {}", job.jobId(), e.getMessage());
            reply = new TaskFailed(job.jobId(), TaskFailed.INPUT_UNAVAILABLE + e.getMessage());
        } catch (StreamTaskFailure f) {
            r.finish(deadline);
            reply = failed(job, f.getCause(), true);
        } catch (Throwable t) {
            String cancelled = r.finish(deadline);
            if (cancelled != null) {
                LOG.info("job {} ({}.{}) cancelled: {} ({})", job.jobId(), job.className(), job.methodName(), cancelled,
                        t.toString());
                reply = new TaskFailed(job.jobId(), "task cancelled: " + cancelled);
            } else {
                reply = failed(job, t, false);
            }
        } finally {
            running.remove(job.jobId());
            TaskCancellation.bind(null);
        }
        String lostOutput = output.end();
        if (lostOutput != null && !(reply instanceof TaskFailed)) {
            // What the task printed is part of its result for the user: losing it fails the job. A
            // task with stream parameters has exchanged elements: it must not be run again.
            LOG.warn("job {}: its output could not be written: {}", job.jobId(), lostOutput);
            boolean streams = job.params().stream().anyMatch(p -> p.kind() == JobParam.Kind.STREAM);
            reply = new TaskFailed(job.jobId(), "the task's output could not be written: " + lostOutput, streams);
        }
        return reply;
    }

    /** A job on its executor thread; cancelling and ending exclude each other, so an ended job's thread is never interrupted. */
    private static final class Running {
        final TaskCancellation flag = new TaskCancellation();
        private final Thread thread;
        private boolean ended;

        Running(Thread thread) {
            this.thread = thread;
        }

        synchronized void cancel(String why) {
            if (!ended && !flag.cancelled()) {
                flag.cancel(why);
                thread.interrupt();
            }
        }

        /** Ends the job: stops its deadline, clears an interrupt it caused; returns why it was cancelled, or null. */
        synchronized String finish(ScheduledFuture<?> deadline) {
            ended = true;
            if (deadline != null) {
                deadline.cancel(false);
            }
            Thread.interrupted();
            return flag.reason();
        }
    }

    private TaskFailed failed(RunTask job, Throwable t, boolean streamsUsed) {
        LOG.info("job {} ({}.{}) failed: {}", job.jobId(), job.className(), job.methodName(), t.toString());
        t.printStackTrace(); // into the job's .err file
        String braidException = t instanceof io.braid.api.BraidException ? String.valueOf(t.getMessage()) : null;
        return new TaskFailed(job.jobId(), stackTrace(t), streamsUsed, braidException, t instanceof PermanentTaskFailure);
    }

    public void shutdown() {
        io.shutdownNow();
        timer.shutdownNow();
        try {
            computeGate.shutdown(2000);
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
