package io.braid.engine.core;

import io.braid.engine.dispatch.WorkerHandle;
import io.braid.engine.scheduling.Scheduler;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The progress guard: tells when a run can make no more progress, so that it stops saying why
 * instead of waiting silently. Core thread only.
 */
final class StallGuard {
    private final Map<Long, TaskRecord> tasks;
    private final Map<Long, TaskRecord> jobs;
    private final Scheduler scheduler;
    private final List<WorkerHandle> workers;
    private final WorkerLosses losses;

    StallGuard(Map<Long, TaskRecord> tasks, Map<Long, TaskRecord> jobs, Scheduler scheduler, List<WorkerHandle> workers,
               WorkerLosses losses) {
        this.tasks = tasks;
        this.jobs = jobs;
        this.scheduler = scheduler;
        this.workers = workers;
        this.losses = losses;
    }

    /**
     * Why the run can make no more progress, or null when it can. Called at the end of a dispatch
     * pass: if tasks are pending (re-runs the main program waits for included) while no job is
     * out on a worker and the pass started none, no event but a new submission can change that,
     * and the pending tasks cannot be waited for. Names the first task no live node can host (its
     * nodes were lost), or else the oldest pending task.
     */
    String reason() {
        if (losses.anyRestarting()) {
            return null; // a node coming back may host what is pending
        }
        if (tasks.isEmpty() || !jobs.isEmpty() || scheduler.runningCount() > 0 || scheduler.backlogCount() > 0) {
            return null;
        }
        List<TaskRecord> pending = tasks.values().stream().sorted(Comparator.comparingLong(TaskRecord::id)).toList();
        for (TaskRecord rec : pending) {
            var request = rec.submission.definition().request();
            if (rec.submission.definition().implementationList().stream()
                    .noneMatch(impl -> scheduler.canEverRun(impl.request()))) {
                String lostNodes = workers.stream().filter(w -> !w.alive()).map(WorkerHandle::name)
                        .collect(Collectors.joining(", "));
                return "no worker can run " + rec.submission.describe()
                        + (rec.regeneration ? " (to recompute data lost with its worker)" : "")
                        + ": every node that could host it (" + request.describe() + ") is lost"
                        + (lostNodes.isEmpty() ? "" : " (lost: " + lostNodes + ")");
            }
        }
        TaskRecord first = pending.get(0);
        int before = first.analysed.unfinishedPredecessors();
        String state = first.regeneration ? ", a re-run to recompute data lost with its worker"
                : before > 0 ? ", waiting for " + before + " unfinished task(s)" : "";
        return "the run can make no more progress: " + pending.size() + (pending.size() == 1 ? " task is" : " tasks are")
                + " pending but none is running or can start (the oldest: " + first.submission.describe() + state + ")";
    }
}
