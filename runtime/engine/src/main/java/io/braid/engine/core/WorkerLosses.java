package io.braid.engine.core;

import io.braid.engine.data.DataLocations;
import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.scheduling.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lost workers, on the core thread: the running tasks of a lost worker go back to the scheduler,
 * the data only it held is recomputed along the {@link Lineage} when a task needs it, a restarted
 * worker takes tasks again, and the run stops (saying why) when a task keeps killing its workers,
 * a stream task is lost, or no node is left.
 */
final class WorkerLosses {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerLosses.class);

    private final RuntimeCore core;
    private final List<WorkerHandle> workers;
    private final Scheduler scheduler;
    private final AutoConstraints auto;
    private final DataLocations locations;
    private final Map<Long, TaskRecord> jobs;
    private final Lineage lineage = new Lineage();
    /** Lost nodes on which a new worker is being started. */
    private final Set<Integer> restarting = new HashSet<>();

    WorkerLosses(RuntimeCore core, List<WorkerHandle> workers, Scheduler scheduler, AutoConstraints auto,
                 DataLocations locations, Map<Long, TaskRecord> jobs) {
        this.core = core;
        this.workers = workers;
        this.scheduler = scheduler;
        this.auto = auto;
        this.locations = locations;
        this.jobs = jobs;
    }

    /** Whether a new worker is being started on some lost node (the run is not stalled meanwhile). */
    boolean anyRestarting() {
        return !restarting.isEmpty();
    }

    /** The task ended well: the versions it wrote can be recomputed by running it again. */
    void produced(TaskRecord rec, List<String> outputs) {
        for (String out : outputs) {
            lineage.produced(out, rec);
        }
    }

    /** Whether a lost copy of the version could be recomputed (its producer run again). */
    boolean canRecompute(String dataName) {
        return lineage.canRecompute(dataName);
    }

    /** A re-run ended well: whoever waited for the versions it recomputed goes on. */
    void recomputed(TaskRecord rec, List<String> outputs) {
        lineage.recomputed(rec, outputs).forEach(Runnable::run);
    }

    /** See {@link RuntimeCore#workerLost(int, boolean)}. */
    void workerLost(int node, boolean restart) {
        WorkerHandle w = workers.get(node);
        if (!w.alive()) {
            return;
        }
        if (restart) {
            restarting.add(node);
        }
        w.lost();
        scheduler.removeNode(node);
        auto.nodeLost(node);
        int lost = locations.removeNode(node);
        List<TaskRecord> running = new ArrayList<>();
        for (TaskRecord rec : jobs.values()) {
            if (rec.node == node) {
                running.add(rec);
            }
        }
        List<TaskRecord> streamTasks = new ArrayList<>();
        List<TaskRecord> rerun = new ArrayList<>();
        for (TaskRecord rec : running) {
            jobs.remove(rec.jobId);
            scheduler.release(rec.id());
            auto.ended(rec.id(), false, 0, 0);
            (rec.analysed.usesStreams() ? streamTasks : rerun).add(rec);
        }
        LOG.warn("worker {} lost ({} data versions had no other copy); resubmitting {} of its {} running tasks",
                w.name(), lost, rerun.size(), running.size());
        TaskRecord killer = null;
        for (TaskRecord rec : rerun) {
            if (rec.lostWorkers == null) {
                rec.lostWorkers = new ArrayList<>(TaskRecord.MAX_WORKER_LOSSES);
            }
            rec.lostWorkers.add(w.name());
            if (rec.lostWorkers.size() >= TaskRecord.MAX_WORKER_LOSSES && killer == null) {
                killer = rec;
            }
            rec.excludedNode = node;
            core.requeue(rec);
        }
        if (killer != null) {
            core.fail("task " + killer.submission.describe() + " was running on its worker each of the "
                    + killer.lostWorkers.size() + " times the worker died (" + String.join(", ", killer.lostWorkers)
                    + "): it is likely what ends them (System.exit, a crash, running out of memory), so the run"
                    + " stops (worker log: " + w.logFile() + ")", killer);
            return;
        }
        if (!streamTasks.isEmpty()) {
            core.fail(lostStreamTasks(w, streamTasks), null);
        } else if (workers.stream().noneMatch(WorkerHandle::alive) && restarting.isEmpty()) {
            core.fail("every worker is lost (the last was " + w.name() + ", log: " + w.logFile() + ")", null);
        }
    }

    /** See {@link RuntimeCore#workerBack}. */
    void workerBack(int node) {
        if (!restarting.remove(node)) {
            return;
        }
        scheduler.restoreNode(node);
        LOG.info("worker {} is back: the node takes tasks again", workers.get(node).name());
    }

    /** See {@link RuntimeCore#nodeExcluded}. */
    void nodeExcluded(int node, String why) {
        restarting.remove(node);
        if (scheduler.isAlive(node)) { // its worker never came up: the core has not seen it lost
            workers.get(node).lost();
            scheduler.removeNode(node);
            auto.nodeLost(node);
        }
        LOG.warn("node {} excluded: {}", workers.get(node).name(), why);
        if (workers.stream().noneMatch(WorkerHandle::alive) && restarting.isEmpty()) {
            core.fail("every node is lost or excluded (the last: " + workers.get(node).name() + ", " + why + ")", null);
        }
    }

    /**
     * A task that takes streams is not run again when its worker is lost: its readers already have
     * what it published and what it took is gone from the stream, so a second run would publish
     * everything again or miss records (and its readers elsewhere would wait for it meanwhile).
     */
    private static String lostStreamTasks(WorkerHandle w, List<TaskRecord> lost) {
        String names = lost.stream().sorted(Comparator.comparingLong(TaskRecord::id))
                .map(rec -> rec.submission.describe()).collect(Collectors.joining(", "));
        return "worker " + w.name() + " was lost while it ran "
                + (lost.size() == 1 ? "a task that takes" : lost.size() + " tasks that take") + " streams: " + names
                + "; such a task is not run again (it would publish its records"
                + " again, or miss the ones it took), so the run stops (worker log: " + w.logFile() + ")";
    }

    /**
     * The task cannot be sent: {@code lost} inputs have no copy left. Recomputes all of them at
     * once (each by its own producer's re-run) and makes the task ready again when the last is
     * back. Should one be lost again meanwhile, the next dispatch finds it and starts over.
     */
    void awaitRecomputed(TaskRecord rec, List<String> lost) {
        int[] left = {lost.size()};
        Runnable oneBack = () -> {
            if (--left[0] == 0 && !core.stopped()) {
                core.makeReady(rec);
            }
        };
        for (String name : lost) {
            recompute(name, oneBack);
        }
    }

    /** See {@link RuntimeCore#recompute}. */
    void recompute(String dataName, Runnable then) {
        TaskRecord again;
        try {
            again = lineage.lost(dataName, then);
        } catch (IllegalStateException e) {
            core.fail(e.getMessage(), null);
            return;
        }
        if (again != null) {
            LOG.warn("{} was lost with its worker: running {} again", dataName, again.submission.describe());
            core.track(again);
            core.makeReady(again);
        }
    }
}
