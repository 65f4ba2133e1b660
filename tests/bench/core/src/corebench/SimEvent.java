package corebench;

import io.braid.comm.message.RunTask;

/**
 * An event of {@link FailureSim}'s simulated clock, in time order (ties: the order they were
 * scheduled in). {@code inc} is the incarnation of the node's worker it concerns: an event of a
 * worker that has died since is stale.
 */
record SimEvent(long time, long seq, Kind kind, int node, int inc, Job job, int mode) implements Comparable<SimEvent> {

    enum Kind { DONE, FETCH_FAIL, KILL, DETECT, BACK, EXCLUDE, MAIN_READ }

    /** A job the core sent, as a simulated worker runs it: how long, and the value it computes. */
    record Job(RunTask run, int node, int inc, long duration, long value, boolean rerun) {
    }

    @Override
    public int compareTo(SimEvent o) {
        return time != o.time ? Long.compare(time, o.time) : Long.compare(seq, o.seq);
    }
}
