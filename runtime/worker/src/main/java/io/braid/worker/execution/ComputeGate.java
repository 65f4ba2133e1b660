package io.braid.worker.execution;

import io.braid.comm.message.RunTask;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Starts compute jobs in arrival order, each only when the computing units it needs are free,
 * so the node is never oversubscribed even when the master sends jobs ahead (prefetching).
 * The master's scheduler mirrors this rule: the head starts as soon as it fits, nothing overtakes it.
 */
final class ComputeGate {
    private final int computingUnits;
    private final Executor executor;
    private final ArrayDeque<Pending> waiting = new ArrayDeque<>();
    private int free;

    ComputeGate(int computingUnits, Executor executor) {
        this.computingUnits = Math.max(1, computingUnits);
        this.free = this.computingUnits;
        this.executor = executor;
    }

    /** Queues the job; {@code body} runs on the executor once the job's units are held. */
    void submit(RunTask job, Runnable body) {
        int need = Math.min(Math.max(1, job.computingUnits()), computingUnits);
        synchronized (this) {
            waiting.addLast(new Pending(need, () -> {
                try {
                    body.run();
                } finally {
                    finished(need);
                }
            }));
        }
        startWhatFits();
    }

    private void finished(int units) {
        synchronized (this) {
            free += units;
        }
        startWhatFits();
    }

    private void startWhatFits() {
        while (true) {
            Pending p;
            synchronized (this) {
                p = waiting.peekFirst();
                if (p == null || p.units > free) {
                    return;
                }
                waiting.pollFirst();
                free -= p.units;
            }
            executor.execute(p.run);
        }
    }

    private record Pending(int units, Runnable run) {
    }
}
