package io.braid.worker.execution;

import io.braid.comm.message.RunTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * The compute platform: one executor thread per computing unit, which start compute jobs in
 * arrival order, each only when the computing units it needs are free, so the node is never
 * oversubscribed even when the master sends jobs ahead (prefetching). The master's scheduler
 * mirrors this rule: the head starts as soon as it fits, nothing overtakes it.
 *
 * <p>The executors take their jobs from this queue themselves: an executor that ends a job takes
 * the next one that fits without a hand-off to another queue, and a job that arrives wakes an
 * executor only when one is idle and the job fits. (Through a thread pool, every job cost a
 * second queue and its lock, and a worker's C2 compiled the pool's hand-off into this class
 * again in each worker JVM: docs/performance/clusters.md.)
 */
final class ComputeGate {
    private static final Logger LOG = LoggerFactory.getLogger(ComputeGate.class);

    private final int computingUnits;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private final Thread[] executors;
    private int free;
    private int idle;
    private boolean stopped;

    /** Starts one executor thread per computing unit, made by {@code threads}. */
    ComputeGate(int computingUnits, ThreadFactory threads) {
        this.computingUnits = Math.max(1, computingUnits);
        this.free = this.computingUnits;
        this.executors = new Thread[this.computingUnits];
        for (int i = 0; i < executors.length; i++) {
            executors[i] = threads.newThread(this::serve);
            executors[i].start();
        }
    }

    /** Queues the job; {@code body} runs on an executor once the job's units are held. */
    void submit(RunTask job, Runnable body) {
        synchronized (this) {
            waiting.addLast(new Pending(units(job), body));
            wakeIfHeadFits();
        }
    }

    /**
     * Queues the jobs, in order, under one lock and with at most one wake-up: {@code bodies.get(i)}
     * runs {@code jobs.get(i)}. A woken executor wakes the next one itself while the head fits, so
     * a batch that fits several idle executors still starts on all of them. One job at a time, a
     * one-unit worker that runs short jobs faster than they arrive was woken for almost every job
     * (a futex wake on the event loop and a context switch each: docs/performance/clusters.md).
     */
    void submitAll(List<RunTask> jobs, List<Runnable> bodies) {
        synchronized (this) {
            for (int i = 0; i < jobs.size(); i++) {
                waiting.addLast(new Pending(units(jobs.get(i)), bodies.get(i)));
            }
            wakeIfHeadFits();
        }
    }

    private int units(RunTask job) {
        return Math.min(Math.max(1, job.computingUnits()), computingUnits);
    }

    /** Stops the executors: queued jobs do not start, running ones are interrupted; waits up to {@code waitMs} for them. */
    void shutdown(long waitMs) throws InterruptedException {
        synchronized (this) {
            stopped = true;
            waiting.clear();
        }
        for (Thread t : executors) {
            t.interrupt();
        }
        long end = System.currentTimeMillis() + waitMs;
        for (Thread t : executors) {
            t.join(Math.max(1, end - System.currentTimeMillis()));
        }
    }

    private void serve() {
        int held = 0;
        while (true) {
            Pending p;
            try {
                p = next(held);
            } catch (InterruptedException e) {
                return; // stopped
            }
            held = p.units;
            try {
                p.body.run();
            } catch (Throwable t) {
                LOG.error("compute executor {}: a job's body failed", Thread.currentThread().getName(), t);
            }
        }
    }

    /** Gives back the units of the job that ended and takes the next job that fits, waiting for one. */
    private synchronized Pending next(int released) throws InterruptedException {
        free += released;
        Pending p;
        while (!stopped && ((p = waiting.peekFirst()) == null || p.units > free)) {
            idle++;
            try {
                wait();
            } catch (InterruptedException e) {
                if (stopped) {
                    throw e;
                }
                // a cancelled job's interrupt that came after its end: this executor stays
            } finally {
                idle--;
            }
        }
        if (stopped) {
            throw new InterruptedException("the compute platform is stopped");
        }
        p = waiting.pollFirst();
        free -= p.units;
        wakeIfHeadFits(); // units freed by a large job may start several small ones
        return p;
    }

    private void wakeIfHeadFits() {
        Pending head = waiting.peekFirst();
        if (idle > 0 && head != null && head.units <= free) {
            notify();
        }
    }

    private record Pending(int units, Runnable body) {
    }
}
