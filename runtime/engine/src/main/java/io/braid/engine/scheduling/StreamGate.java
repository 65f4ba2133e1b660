package io.braid.engine.scheduling;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Stream producers before their consumers. A consumer that starts before its producer holds a
 * slot while it polls for records nobody writes yet; if that slot is the one its producer needs,
 * the run never ends. So a <em>pure consumer</em> (a task that reads streams and writes none) is
 * held here, outside the scheduler, while a producer of one of its streams, submitted before it,
 * has not been dispatched yet; it is released when the last such producer is dispatched, or ends
 * (finished, failed for good, abandoned).
 *
 * <ul>
 *   <li>A task that writes any stream is a producer and is never held, even if it also reads
 *       streams (iterative exchange: task i writes S<sub>i</sub> and reads S<sub>i-1</sub>);
 *       holding it could make a cycle wait forever.</li>
 *   <li>Only producers submitted <em>before</em> the consumer hold it. A task waits only for
 *       earlier ones (data edges go from earlier to later tasks, holds too), so no set of tasks
 *       can wait for each other in a circle. The known limit: a consumer submitted before its
 *       producer task cannot know about it and runs as soon as it is ready.</li>
 *   <li>A consumer of a stream that no task writes (the main program or another process writes
 *       it) is never held.</li>
 *   <li>A producer that goes back to the scheduler (retry, lost worker) holds the consumers that
 *       become ready after that again; consumers already dispatched stay where they are.</li>
 * </ul>
 *
 * <p>Pure and single-threaded, like the {@link Scheduler}: the caller reports submissions,
 * dispatches and ends, and gives the scheduler what {@link #admit} lets through or a later call
 * releases. State is kept only for tasks that use streams, until they end.
 */
public final class StreamGate {
    private final Map<String, StreamState> streams = new HashMap<>();
    private final Map<Long, Member> tasks = new HashMap<>();
    private int heldCount;

    /**
     * Records a submitted task's streams (nothing is kept for a task without any). A producer
     * counts as not dispatched from now on.
     *
     * @throws IllegalStateException if the task was already submitted and has not ended
     */
    public void submitted(long taskId, Collection<String> writes, Collection<String> reads) {
        if (writes.isEmpty() && reads.isEmpty()) {
            return;
        }
        if (tasks.containsKey(taskId)) {
            throw new IllegalStateException("task " + taskId + " is already in the stream gate");
        }
        Member m = new Member(writes.toArray(new String[0]), reads.toArray(new String[0]));
        tasks.put(taskId, m);
        for (String s : m.writes) {
            stream(s).members++;
        }
        for (String s : m.reads) {
            stream(s).members++;
        }
        if (m.isProducer()) {
            setWaiting(taskId, m, true);
        }
    }

    /** True for a submitted, unended task that writes a stream. */
    public boolean isProducer(long taskId) {
        Member m = tasks.get(taskId);
        return m != null && m.isProducer();
    }

    /**
     * The task is ready. Returns true when it may go to the scheduler now; false when it is held
     * (a later {@link #dispatched} or {@link #ended} returns it). Unknown tasks pass.
     */
    public boolean admit(long taskId) {
        Member m = tasks.get(taskId);
        if (m == null || m.isProducer()) {
            return true;
        }
        if (m.held) {
            return false;
        }
        if (!blocked(taskId, m)) {
            return true;
        }
        m.held = true;
        heldCount++;
        for (String s : m.reads) {
            streams.get(s).held.add(taskId);
        }
        return false;
    }

    /**
     * The task was given a slot on a node. Returns the consumers this releases, in id order
     * (empty unless the task is a producer that was not dispatched yet).
     */
    public List<Long> dispatched(long taskId) {
        Member m = tasks.get(taskId);
        if (m == null || !m.waiting) {
            return List.of();
        }
        setWaiting(taskId, m, false);
        return releasable(m.writes);
    }

    /** A dispatched producer goes back to the scheduler (retry, lost worker): it holds consumers again. */
    public void requeued(long taskId) {
        Member m = tasks.get(taskId);
        if (m != null && m.isProducer() && !m.waiting) {
            setWaiting(taskId, m, true);
        }
    }

    /**
     * The task ended for good (finished, failed, or can never run): forgets it. Returns the
     * consumers this releases, in id order. A held consumer that ends is simply dropped.
     */
    public List<Long> ended(long taskId) {
        Member m = tasks.remove(taskId);
        if (m == null) {
            return List.of();
        }
        boolean wasWaiting = m.waiting;
        if (wasWaiting) {
            setWaiting(taskId, m, false);
        }
        if (m.held) {
            heldCount--;
            for (String s : m.reads) {
                streams.get(s).held.remove(taskId);
            }
        }
        List<Long> released = wasWaiting ? releasable(m.writes) : List.of();
        for (String s : m.writes) {
            unref(s);
        }
        for (String s : m.reads) {
            unref(s);
        }
        return released;
    }

    /** True while the task is held back from the scheduler. */
    public boolean isHeld(long taskId) {
        Member m = tasks.get(taskId);
        return m != null && m.held;
    }

    public int heldCount() {
        return heldCount;
    }

    /** Tasks and streams with state here (for tests: 0 once every task has ended). */
    int trackedTaskCount() {
        return tasks.size();
    }

    int trackedStreamCount() {
        return streams.size();
    }

    private boolean blocked(long taskId, Member m) {
        for (String s : m.reads) {
            TreeSet<Long> waiting = streams.get(s).waitingProducers;
            if (!waiting.isEmpty() && waiting.first() < taskId) {
                return true;
            }
        }
        return false;
    }

    /** Held consumers of {@code written} that nothing holds any more: unheld and returned in id order. */
    private List<Long> releasable(String[] written) {
        TreeSet<Long> candidates = null;
        for (String s : written) {
            StreamState st = streams.get(s);
            if (st != null && !st.held.isEmpty()) {
                if (candidates == null) {
                    candidates = new TreeSet<>();
                }
                candidates.addAll(st.held);
            }
        }
        if (candidates == null) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        for (long c : candidates) {
            Member m = tasks.get(c);
            if (!blocked(c, m)) {
                m.held = false;
                heldCount--;
                for (String s : m.reads) {
                    streams.get(s).held.remove(c);
                }
                out.add(c);
            }
        }
        return out;
    }

    private void setWaiting(long taskId, Member m, boolean waiting) {
        m.waiting = waiting;
        for (String s : m.writes) {
            if (waiting) {
                streams.get(s).waitingProducers.add(taskId);
            } else {
                streams.get(s).waitingProducers.remove(taskId);
            }
        }
    }

    private StreamState stream(String id) {
        return streams.computeIfAbsent(id, k -> new StreamState());
    }

    private void unref(String s) {
        StreamState st = streams.get(s);
        if (st != null && --st.members == 0) {
            streams.remove(s);
        }
    }

    private static final class StreamState {
        /** Producers submitted and not dispatched. */
        final TreeSet<Long> waitingProducers = new TreeSet<>();
        /** Held consumers that read this stream. */
        final TreeSet<Long> held = new TreeSet<>();
        /** (task, direction) references from unended tasks. */
        int members;
    }

    private static final class Member {
        final String[] writes;
        final String[] reads;
        boolean waiting;
        boolean held;

        Member(String[] writes, String[] reads) {
            this.writes = writes;
            this.reads = reads;
        }

        boolean isProducer() {
            return writes.length > 0;
        }
    }
}
