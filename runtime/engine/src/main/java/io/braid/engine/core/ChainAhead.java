package io.braid.engine.core;

import io.braid.comm.message.RunTask;
import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.DataVersion;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.dispatch.DataLostException;
import io.braid.engine.dispatch.JobFactory;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.scheduling.Scheduler;
import io.braid.engine.task.TaskDefinition;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chaining ahead, on the core thread: a task whose only unfinished predecessor P is assigned to a
 * node (running, prefetched or itself parked there) and that has P's request (computing units
 * only), no stream, alternative or auto constraint, is sent to P's node at once, parked behind P
 * ({@link RunTask#afterJob()}). The worker starts it on P's units when P ends well and says so in
 * P's result, so a chain runs at the worker's pace while the master follows; see docs/performance/
 * tasks.md, "Chaining ahead".
 *
 * <p>The accounting stays exact: a parked task holds nothing in the {@link Scheduler}; on a
 * hand-off P's units become the task's ({@link Scheduler#handOff}); whenever P ends without one
 * (it failed, it ended before the task reached the worker, the worker was lost, a cancellation),
 * the task and the ones parked behind it are un-parked: back to waiting for their inputs, made
 * ready the ordinary way when they have them. Their jobs are forgotten, so a late word of the
 * worker about them is ignored.
 */
final class ChainAhead {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ChainAhead.class);
    private final RuntimeCore core;
    private final TaskAnalyser analyser;
    private final JobFactory jobFactory;
    private final Map<Long, TaskRecord> tasks;
    private final Map<Long, TaskRecord> jobs;
    private final List<WorkerHandle> workers;
    private ParkedTasks parked = new ParkedTasks(0);
    private boolean flushFirst;

    ChainAhead(RuntimeCore core, TaskAnalyser analyser, JobFactory jobFactory, Map<Long, TaskRecord> tasks,
               Map<Long, TaskRecord> jobs, List<WorkerHandle> workers) {
        this.core = core;
        this.analyser = analyser;
        this.jobFactory = jobFactory;
        this.tasks = tasks;
        this.jobs = jobs;
        this.workers = workers;
    }

    /** At most {@code maxDepth} tasks parked per chain (0: none). Set before the first task. */
    void setMaxDepth(int maxDepth) {
        parked = new ParkedTasks(maxDepth);
    }

    boolean isParked(long taskId) {
        return parked.isParked(taskId);
    }

    /** Tasks parked now (for tests). */
    int parkedCount() {
        return parked.size();
    }

    /** Chains with a running head (for tests). */
    int chainCount() {
        return parked.chainCount();
    }

    /**
     * {@code producer} was just sent to its node, parked there, or handed its predecessor's units:
     * parks the chain that waits only for it, up to the bound, after the tasks parked behind it already.
     */
    void assigned(TaskRecord producer) {
        if (!parked.enabled()) {
            return;
        }
        flushFirst = true;
        TaskRecord p = producer;
        while (p != null) {
            long parkedBehind = parked.behind(p.id());
            if (parkedBehind >= 0) {
                p = tasks.get(parkedBehind); // to the chain's tail
                continue;
            }
            TaskRecord next = null;
            for (long id : analyser.onlyWaitingFor(p.id())) {
                TaskRecord s = tasks.get(id);
                if (s != null && park(s, p)) {
                    next = s;
                    break;
                }
            }
            p = next;
        }
    }

    /** A task just registered that is not ready: parks it if all it waits for is one assigned task. */
    void submitted(TaskRecord s) {
        if (!parked.enabled() || !analyser.waitsForOneTask(s.id())) {
            return;
        }
        AnalysedTask a = s.analysed;
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion in = a.readVersion(i);
            if (in == null) {
                continue;
            }
            long w = analyser.writerOf(in);
            if (w > 0 && !analyser.isFinished(w)) {
                TaskRecord p = tasks.get(w); // the one unfinished task it waits for
                if (p != null && park(s, p)) {
                    assigned(s);
                }
                return;
            }
        }
    }

    private boolean park(TaskRecord s, TaskRecord p) {
        if (s.regeneration || p.regeneration || p.jobId == 0 || jobs.get(p.jobId) != p || isAssigned(s)
                || !parked.roomBehind(p.id()) || !workers.get(p.node).alive() || s.excludedNode == p.node
                || !sameShape(s, p)) {
            return false;
        }
        RunTask job;
        try {
            job = jobFactory.buildAfter(core.newJobId(), s.submission, s.analysed, p.node, p.jobId, writes(p.analysed));
        } catch (DataLostException e) {
            return false; // another input must be recomputed first: the ordinary way
        }
        parked.park(s.id(), p.id());
        s.node = p.node;
        s.jobId = job.jobId();
        jobs.put(job.jobId(), s);
        WorkerHandle w = workers.get(p.node);
        if (flushFirst) {
            flushFirst = false;
            w.flush(); // the producer's job goes before the chain parked behind it is built
        }
        w.write(job);
        core.touched(p.node);
        return true;
    }

    private boolean isAssigned(TaskRecord r) {
        return r.jobId != 0 && jobs.get(r.jobId) == r;
    }

    private static boolean sameShape(TaskRecord s, TaskRecord p) {
        TaskDefinition ds = s.submission.definition();
        TaskDefinition dp = p.submission.definition();
        return chainable(ds, s.analysed) && chainable(dp, p.analysed) && ds.request().equals(dp.request());
    }

    private static boolean chainable(TaskDefinition d, AnalysedTask a) {
        return Scheduler.waitsOnWorker(d.request()) && d.alternativeRequests().isEmpty()
                && !AutoConstraints.handles(d) && !a.usesStreams() && !a.inGroup();
    }

    private static Set<String> writes(AnalysedTask a) {
        Set<String> out = new HashSet<>(4);
        for (int i = 0; i < a.paramCount(); i++) {
            DataVersion w = a.writeVersion(i);
            if (w != null) {
                out.add(w.name());
            }
        }
        return out;
    }

    /**
     * {@code producer}'s job ended well; its worker says it started job {@code handedTo} (0: none)
     * on its units. Returns the task that got them, or null (then what was parked behind the
     * producer is un-parked: it is made ready as the producer's successor).
     */
    TaskRecord producerDone(TaskRecord producer, long handedTo) {
        TaskRecord next = handedTo == 0 ? null : jobs.get(handedTo);
        long tail = next == null ? -1 : parked.handedOff(producer.id(), next.id());
        if (tail >= 0) {
            TaskRecord last = tasks.get(tail);
            if (last != null) {
                assigned(last); // the chain has room for one more link
            }
            return next;
        }
        producerEnded(producer);
        return null;
    }

    /** {@code producer} ended without handing its units on (cancelled, or no hand-off): un-parks its chain. */
    void producerEnded(TaskRecord producer) {
        if (parked.enabled()) {
            forget(parked.unparkBehind(producer.id()));
        }
    }

    /** {@code producer} failed: its worker dropped the chain parked behind it, which waits for its retry. */
    void producerFailed(TaskRecord producer) {
        if (!parked.enabled()) {
            return;
        }
        List<Long> unparked = parked.unparkBehind(producer.id());
        if (!unparked.isEmpty()) {
            LOG.info("task {} failed: the {} task(s) parked behind it wait for it again", producer.id(), unparked.size());
            forget(unparked);
        }
    }

    /** The worker did not hold the job (its predecessor had ended): un-parks it and its chain. */
    void notParked(long jobId) {
        TaskRecord r = jobs.get(jobId);
        if (r != null && parked.isParked(r.id())) {
            forget(parked.unparkFrom(r.id()));
        }
    }

    /** The parked task is cancelled: un-parks it and its chain; false if it was not parked. */
    boolean cancel(TaskRecord r) {
        if (!parked.isParked(r.id())) {
            return false;
        }
        forget(parked.unparkFrom(r.id()));
        return true;
    }

    /** The node's worker is lost: un-parks every task parked there (they wait for their inputs again). */
    void nodeLost(int node) {
        if (parked.size() == 0) {
            return;
        }
        int n = 0;
        for (TaskRecord r : List.copyOf(jobs.values())) {
            if (r.node == node && parked.isParked(r.id())) {
                List<Long> unparked = parked.unparkFrom(r.id());
                n += unparked.size();
                forget(unparked);
            }
        }
        if (n > 0) {
            LOG.info("worker {} lost: {} task(s) parked on it wait for their inputs again", workers.get(node).name(), n);
        }
    }

    private void forget(List<Long> unparked) {
        for (long id : unparked) {
            TaskRecord r = tasks.get(id);
            if (r != null) {
                jobs.remove(r.jobId);
                r.jobId = 0;
                r.node = -1;
            }
        }
    }
}
