package io.braid.worker.execution;

import io.braid.comm.message.RunTask;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

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
 * units can go to one successor. Every compute job passes here twice (arrival, end): one lock per
 * job, taken by its own threads only unless a job is parked behind it, so that jobs without chains
 * (most) do not contend (with one lock for all, a loaded series of no-op tasks measured 12% more
 * worker CPU: docs/performance/tasks.md, "Chaining ahead").
 */
final class ParkedJobs {
    /** Compute jobs submitted or held here that have not ended. */
    private final ConcurrentHashMap<Long, Slot> live = new ConcurrentHashMap<>();

    /** A live job: whether it ended, and the job parked behind it. Guarded by itself. */
    private static final class Slot {
        final long jobId;
        /** The slot of the job this one is parked behind, null for a job that arrived to run. */
        final Slot producer;
        boolean ended;
        RunTask next;
        Slot nextSlot;

        Slot(long jobId, Slot producer) {
            this.jobId = jobId;
            this.producer = producer;
        }
    }

    /** A compute job arrived to run: jobs may be parked behind it until it ends. */
    void arrived(long jobId) {
        live.put(jobId, new Slot(jobId, null));
    }

    /**
     * Holds a parked job behind its predecessor; false when the predecessor is not live here (it
     * ended already, or another job is parked behind it): the job is then not held.
     */
    boolean hold(RunTask job) {
        Slot p = live.get(job.afterJob());
        if (p == null) {
            return false;
        }
        Slot mine = new Slot(job.jobId(), p);
        synchronized (p) {
            if (p.ended || p.next != null) {
                return false;
            }
            live.put(job.jobId(), mine); // live before it can be handed on or have a job parked behind it
            p.next = job;
            p.nextSlot = mine;
        }
        return true;
    }

    /**
     * The job ended: returns the job parked behind it when it ended {@code well} (the caller runs it
     * on the same units), or null; when it failed, drops the jobs parked behind it, transitively.
     */
    RunTask ended(long jobId, boolean well) {
        Slot s = live.remove(jobId);
        if (s == null) {
            return null;
        }
        RunTask next;
        Slot nextSlot;
        synchronized (s) {
            s.ended = true;
            next = s.next;
            nextSlot = s.nextSlot;
        }
        if (next == null || well) {
            return next;
        }
        dropFrom(nextSlot, new ArrayList<>());
        return null;
    }

    /**
     * Drops a held job (cancelled by the master) and the jobs parked behind it; returns the ids
     * dropped, empty when the job was not held (unknown, running, or already handed on).
     */
    List<Long> cancel(long jobId) {
        Slot s = live.get(jobId);
        if (s == null || s.producer == null) {
            return List.of();
        }
        synchronized (s.producer) {
            if (s.producer.nextSlot != s || s.producer.ended) {
                return List.of(); // handed on: it runs, and is cancelled like any running job
            }
            s.producer.next = null;
            s.producer.nextSlot = null;
        }
        List<Long> dropped = new ArrayList<>();
        dropFrom(s, dropped);
        return dropped;
    }

    /** Jobs held now (for tests). */
    int heldCount() {
        int n = 0;
        for (Slot s : live.values()) {
            synchronized (s) {
                n += s.next == null ? 0 : 1;
            }
        }
        return n;
    }

    private void dropFrom(Slot first, List<Long> dropped) {
        for (Slot s = first; s != null; ) {
            live.remove(s.jobId);
            dropped.add(s.jobId);
            synchronized (s) {
                s.ended = true; // nothing more is parked behind it
                Slot n = s.nextSlot;
                s.next = null;
                s.nextSlot = null;
                s = n;
            }
        }
    }
}
