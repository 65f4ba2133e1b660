package io.braid.engine.analysis;

import java.util.List;

/**
 * The analyser's answer to {@link TaskAnalyser#register}: which version each parameter reads and
 * writes, and whether the task can run now.
 */
public final class AnalysedTask {

    private final long taskId;
    private final int taskTypeId;
    private final DataVersion[] reads;
    private final DataVersion[] writes;
    private final int unfinishedPredecessors;
    private final boolean blockedByFailure;
    private final List<String> streamsWritten;
    private final List<String> streamsRead;
    /** Per parameter, the id of the CONCURRENT or COMMUTATIVE group it joined (0: none); null when none did. */
    private final long[] groups;

    AnalysedTask(long taskId, int taskTypeId, DataVersion[] reads, DataVersion[] writes,
                 int unfinishedPredecessors, boolean blockedByFailure) {
        this(taskId, taskTypeId, reads, writes, unfinishedPredecessors, blockedByFailure, List.of(), List.of());
    }

    AnalysedTask(long taskId, int taskTypeId, DataVersion[] reads, DataVersion[] writes,
                 int unfinishedPredecessors, boolean blockedByFailure, List<String> streamsWritten,
                 List<String> streamsRead) {
        this(taskId, taskTypeId, reads, writes, unfinishedPredecessors, blockedByFailure, streamsWritten, streamsRead,
                null);
    }

    AnalysedTask(long taskId, int taskTypeId, DataVersion[] reads, DataVersion[] writes,
                 int unfinishedPredecessors, boolean blockedByFailure, List<String> streamsWritten,
                 List<String> streamsRead, long[] groups) {
        this.groups = groups;
        this.streamsWritten = streamsWritten;
        this.streamsRead = streamsRead;
        this.taskId = taskId;
        this.taskTypeId = taskTypeId;
        this.reads = reads;
        this.writes = writes;
        this.unfinishedPredecessors = unfinishedPredecessors;
        this.blockedByFailure = blockedByFailure;
    }

    public long taskId() {
        return taskId;
    }

    public int taskTypeId() {
        return taskTypeId;
    }

    public int paramCount() {
        return reads.length;
    }

    /** The version parameter {@code paramIndex} reads, or null (by value, or W). */
    public DataVersion readVersion(int paramIndex) {
        return reads[paramIndex];
    }

    /** The version parameter {@code paramIndex} writes, or null (by value, or R). */
    public DataVersion writeVersion(int paramIndex) {
        return writes[paramIndex];
    }

    /** The group (CONCURRENT or COMMUTATIVE accesses to one datum) parameter {@code paramIndex} joined; 0 for none. */
    public long groupOf(int paramIndex) {
        return groups == null ? 0 : groups[paramIndex];
    }

    /** True when some parameter joined a CONCURRENT or COMMUTATIVE group. */
    public boolean inGroup() {
        return groups != null;
    }

    /**
     * The same task reading {@code read} and writing {@code write} through parameter {@code
     * paramIndex}: the version pair the core gives the k-th task it starts of a commutative group.
     */
    public AnalysedTask withVersions(int paramIndex, DataVersion read, DataVersion write) {
        DataVersion[] r = reads.clone();
        DataVersion[] w = writes.clone();
        r[paramIndex] = read;
        w[paramIndex] = write;
        return new AnalysedTask(taskId, taskTypeId, r, w, unfinishedPredecessors, blockedByFailure, streamsWritten,
                streamsRead, groups);
    }

    /** Distinct tasks, still pending, whose output this task reads. */
    public int unfinishedPredecessors() {
        return unfinishedPredecessors;
    }

    /**
     * The task reads a version whose writer failed for good (or can itself never run): it will
     * never be ready and is not counted as pending.
     */
    public boolean blockedByFailure() {
        return blockedByFailure;
    }

    /** Ids of the streams the task writes (STREAM OUT), each once, in parameter order. */
    public List<String> streamsWritten() {
        return streamsWritten;
    }

    /** Ids of the streams the task reads (STREAM IN), each once, in parameter order. */
    public List<String> streamsRead() {
        return streamsRead;
    }

    /** A stream producer: writes at least one stream (it may read others too). */
    public boolean writesStreams() {
        return !streamsWritten.isEmpty();
    }

    /** Takes at least one stream parameter, read or written. */
    public boolean usesStreams() {
        return !streamsWritten.isEmpty() || !streamsRead.isEmpty();
    }

    public boolean isReady() {
        return unfinishedPredecessors == 0 && !blockedByFailure;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("AnalysedTask[").append(taskId).append(" type ").append(taskTypeId);
        for (int i = 0; i < reads.length; i++) {
            sb.append(i == 0 ? " params " : ", ").append(reads[i]).append("->").append(writes[i]);
        }
        if (usesStreams()) {
            sb.append(" streams out ").append(streamsWritten).append(" in ").append(streamsRead);
        }
        return sb.append(" preds ").append(unfinishedPredecessors)
                .append(blockedByFailure ? " blocked" : "").append(']').toString();
    }
}
