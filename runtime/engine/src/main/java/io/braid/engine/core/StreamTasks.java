package io.braid.engine.core;

import io.braid.comm.message.JobParam;
import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.analysis.StreamAccess;
import io.braid.engine.analysis.TaskAnalyser;
import io.braid.engine.scheduling.StreamGate;
import io.braid.engine.task.StreamParam;
import io.braid.engine.task.SubmittedParam;
import io.braid.engine.task.TaskSubmission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the core does for tasks with stream parameters, apart from the rest of the life cycle:
 * the {@link StreamGate} (consumers wait for earlier producers to be dispatched), the locality
 * hint (consumers near the nodes of their streams' producers) and the notice to the
 * {@link StreamTaskListener} when stream writers will never finish. Core thread only.
 *
 * <p>Re-runs of finished tasks that recompute lost data ({@code TaskRecord.regeneration}) run
 * outside the analyser and outside the gate.
 */
final class StreamTasks {
    private static final Logger LOG = LoggerFactory.getLogger(StreamTasks.class);

    private final TaskAnalyser analyser;
    private final StreamGate gate = new StreamGate();
    /** Per stream with unfinished tasks: the nodes its producers were dispatched to, in order. */
    private final Map<String, int[]> producerNodes = new HashMap<>();
    private StreamTaskListener listener = StreamTaskListener.NONE;

    StreamTasks(TaskAnalyser analyser) {
        this.analyser = analyser;
    }

    void setListener(StreamTaskListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** The analyser's view of a submission's stream parameters. */
    static List<StreamAccess> accesses(TaskSubmission s) {
        List<StreamAccess> out = null;
        for (SubmittedParam p : s.params()) {
            if (p.kind() == JobParam.Kind.STREAM && p.stream() != null) {
                if (out == null) {
                    out = new ArrayList<>(2);
                }
                out.add(new StreamAccess(p.stream().streamId(), p.stream().writes()));
            }
        }
        return out == null ? List.of() : out;
    }

    void submitted(TaskRecord rec) {
        AnalysedTask a = rec.analysed;
        if (a.usesStreams() && !a.blockedByFailure()) {
            gate.submitted(rec.id(), a.streamsWritten(), a.streamsRead());
        }
    }

    /** False: the task is held, a later {@link #dispatched} or {@link #ended} returns it. */
    boolean admit(TaskRecord rec) {
        return rec.regeneration || gate.admit(rec.id());
    }

    /** The task got a slot on {@code node}; returns the consumers this releases. */
    List<Long> dispatched(TaskRecord rec, int node) {
        if (rec.regeneration || !rec.analysed.usesStreams()) {
            return List.of();
        }
        for (String s : rec.analysed.streamsWritten()) {
            int[] nodes = producerNodes.get(s);
            if (nodes == null) {
                producerNodes.put(s, new int[] {node});
            } else if (Arrays.stream(nodes).noneMatch(n -> n == node)) {
                int[] more = Arrays.copyOf(nodes, nodes.length + 1);
                more[nodes.length] = node;
                producerNodes.put(s, more);
            }
        }
        return gate.dispatched(rec.id());
    }

    /** The task goes back to the scheduler (retry, lost worker). */
    void requeued(TaskRecord rec) {
        if (!rec.regeneration) {
            gate.requeued(rec.id());
        }
    }

    /**
     * The task finished (after the analyser was told) or can never run; returns the consumers
     * this releases.
     */
    List<Long> ended(TaskRecord rec) {
        if (rec.regeneration || !rec.analysed.usesStreams()) {
            return List.of();
        }
        for (String s : rec.analysed.streamsWritten()) {
            forgetIfUnused(s);
        }
        for (String s : rec.analysed.streamsRead()) {
            forgetIfUnused(s);
        }
        return gate.ended(rec.id());
    }

    /** Stream producers go before other tasks. */
    static boolean priority(AnalysedTask a) {
        return a.writesStreams();
    }

    /**
     * The locality hint of a task: {@code dataNodes} (nodes holding its inputs, best first), then
     * the nodes that run or ran producers of the streams it reads.
     */
    int[] preferredNodes(AnalysedTask a, int[] dataNodes) {
        if (a.streamsRead().isEmpty()) {
            return dataNodes;
        }
        int[] out = dataNodes;
        int n = dataNodes.length;
        for (String s : a.streamsRead()) {
            int[] nodes = producerNodes.get(s);
            if (nodes == null) {
                continue;
            }
            for (int node : nodes) {
                if (!contains(out, n, node)) {
                    if (out == dataNodes || n == out.length) {
                        out = Arrays.copyOf(out, Math.max(4, n * 2));
                    }
                    out[n++] = node;
                }
            }
        }
        return out.length == n ? out : Arrays.copyOf(out, n);
    }

    /**
     * The run stops: tells the listener about {@code culprit} (the task that failed for good, or
     * null) and then every other unfinished, stream-writing task of {@code unfinished}.
     */
    void runStopped(TaskRecord culprit, Collection<TaskRecord> unfinished) {
        if (culprit != null) {
            notifyFailed(culprit);
        }
        List<TaskRecord> others = new ArrayList<>();
        for (TaskRecord r : unfinished) {
            if (r != culprit && !r.regeneration && r.analysed.writesStreams()) {
                others.add(r);
            }
        }
        others.sort(Comparator.comparingLong(TaskRecord::id));
        others.forEach(this::notifyFailed);
    }

    /** The task was cancelled (its group, a failed predecessor) or its failure passed over: its writers close. */
    void writerDropped(TaskRecord rec) {
        notifyFailed(rec);
    }

    private void notifyFailed(TaskRecord rec) {
        if (rec.regeneration || !rec.analysed.writesStreams()) {
            return;
        }
        List<StreamParam> writes = new ArrayList<>();
        for (SubmittedParam p : rec.submission.params()) {
            if (p.kind() == JobParam.Kind.STREAM && p.stream() != null && p.stream().writes()) {
                writes.add(p.stream());
            }
        }
        try {
            listener.streamWriterFailed(rec.id(), rec.submission.describe(), List.copyOf(writes));
        } catch (RuntimeException e) {
            LOG.warn("stream task listener failed for task {}", rec.id(), e);
        }
    }

    private void forgetIfUnused(String s) {
        if (analyser.unfinishedProducers(s).isEmpty() && analyser.unfinishedConsumers(s).isEmpty()) {
            producerNodes.remove(s);
        }
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** Held consumers (monitoring, tests). */
    int heldCount() {
        return gate.heldCount();
    }

    /** Streams whose producer nodes are remembered (tests: 0 once every stream task has ended). */
    int trackedStreamCount() {
        return producerNodes.size();
    }
}
