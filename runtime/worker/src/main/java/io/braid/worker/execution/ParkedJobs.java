package io.braid.worker.execution;

import io.braid.comm.message.RunTask;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jobs the master parked behind another compute job of this worker ({@link RunTask#afterJob()},
 * "chaining ahead"): each is held, holding no computing unit, until the job it follows ends. If
 * that job ends well, the executor that ran it runs the parked job next on the same units (its
 * inputs from that job are in this worker's store), without a master round trip; if it fails, the
 * parked job and every job parked behind it are dropped (the master un-parks them when it hears of
 * the failure). A parked job whose predecessor is not live here when it arrives (it already ended)
 * is refused: the master is told ({@code TaskNotParked}) and runs it the ordinary way.
 *
 * <p>At most one job is parked behind each job: the master parks linear chains only, since a job's
 * units can go to one successor.
 */
final class ParkedJobs {
    /** Compute jobs submitted or held here that have not ended. */
    private final Set<Long> live = new HashSet<>();
    /** The job parked behind each job (by the job id it follows). */
    private final Map<Long, RunTask> behind = new HashMap<>();

    /** A compute job arrived to run: jobs may be parked behind it until it ends. */
    synchronized void arrived(long jobId) {
        live.add(jobId);
    }

    /**
     * Holds a parked job behind its predecessor; false when the predecessor is not live here (it
     * ended already, or another job is parked behind it): the job is then not held.
     */
    synchronized boolean hold(RunTask job) {
        if (!live.contains(job.afterJob()) || behind.containsKey(job.afterJob())) {
            return false;
        }
        behind.put(job.afterJob(), job);
        live.add(job.jobId());
        return true;
    }

    /**
     * The job ended: returns the job parked behind it when it ended {@code well} (the caller runs it
     * on the same units), or null; when it failed, drops the jobs parked behind it, transitively.
     */
    synchronized RunTask ended(long jobId, boolean well) {
        live.remove(jobId);
        RunTask next = behind.remove(jobId);
        if (next == null || well) {
            return next;
        }
        dropFrom(next);
        return null;
    }

    /**
     * Drops a held job (cancelled by the master) and the jobs parked behind it; returns the ids
     * dropped, empty when the job was not held.
     */
    synchronized List<Long> cancel(long jobId) {
        RunTask held = null;
        for (Map.Entry<Long, RunTask> e : behind.entrySet()) {
            if (e.getValue().jobId() == jobId) {
                held = e.getValue();
                break;
            }
        }
        if (held == null) {
            return List.of();
        }
        behind.remove(held.afterJob());
        return dropFrom(held);
    }

    /** Jobs held now (for tests). */
    synchronized int heldCount() {
        return behind.size();
    }

    private List<Long> dropFrom(RunTask first) {
        List<Long> dropped = new ArrayList<>();
        for (RunTask j = first; j != null; j = behind.remove(j.jobId())) {
            live.remove(j.jobId());
            dropped.add(j.jobId());
        }
        return dropped;
    }
}
