package io.braid.engine.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The Task Analyser: gives every datum an id and every write a new version (renaming, so WAR and
 * WAW never order tasks) and orders tasks only by read-after-write edges.
 *
 * <p>Pure and single-threaded. State per pending task is one small node plus the ids of its
 * successors; a task's node is dropped as soon as it finishes. Per datum it keeps the writer of
 * each version (8 bytes per version) until {@link #deleteData}.
 *
 * <p>Stream parameters ({@link TaskRequest#streams()}) add no edge: producers and consumers of a
 * stream run concurrently. The analyser records, per stream id, its unfinished producer and
 * consumer tasks ({@link #unfinishedProducers}, {@link #unfinishedConsumers}) and forgets a task
 * there when it finishes or fails.
 *
 * <p>Group accesses ({@link AccessMode#grouped()}): consecutive CONCURRENT accesses to a datum all
 * read the version from before them (edge from its writer only) and write none; consecutive
 * COMMUTATIVE accesses each write a new version, numbered in registration order, and depend only
 * on the writer from before the group, not on each other. The core runs a commutative group one
 * task at a time and gives the k-th task it starts the k-th version pair
 * ({@link AnalysedTask#groupOf}), so that each reads what the previous one wrote and the group's
 * last version is always the last one written. The next access of another kind (task or main
 * program) waits for every task of the group ({@link #groupMembersPending}) and closes it.
 */
public final class TaskAnalyser {

    /** Writer id of versions written by the main program. */
    public static final long MAIN = 0;

    private final AnalysisListener listener;
    private final DataTable data = new DataTable();
    private final TaskGraph graph = new TaskGraph();
    /** Scratch space for register(), reused to keep the hot path allocation-light. */
    private final AccessSlots scratch = new AccessSlots();
    private long lastTaskId;
    private long lastGroupId;

    public TaskAnalyser() {
        this(AnalysisListener.NONE);
    }

    public TaskAnalyser(AnalysisListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Registers a task: resolves its data, creates the versions it writes and the RAW edges from
     * the pending writers of what it reads.
     *
     * @throws IllegalArgumentException if the task id is not greater than every earlier one
     */
    public AnalysedTask register(TaskRequest request) {
        long taskId = request.taskId();
        if (taskId <= lastTaskId) {
            throw new IllegalArgumentException("task id " + taskId + " is not greater than the last one, " + lastTaskId);
        }
        lastTaskId = taskId;
        List<ParamAccess> params = request.params();
        int n = params.size();
        listener.taskRegistered(taskId, request.taskTypeId());

        // Pass 1: one slot per distinct datum, merging the accesses a task makes to it twice.
        int slots = scratch.collect(params, taskId, data);
        DataInfo[] slotData = scratch.data;
        byte[] slotFlags = scratch.flags;
        DataVersion[] slotRead = scratch.read;
        DataVersion[] slotWrite = scratch.write;
        long[] slotGroup = scratch.group;
        int[] paramSlot = scratch.paramSlot;

        // Pass 2: versions and edges per datum.
        TaskNode node = new TaskNode(taskId);
        boolean blocked = false;
        for (int s = 0; s < slots; s++) {
            DataInfo d = slotData[s];
            slotData[s] = null;
            int flags = slotFlags[s];
            byte group = (byte) (flags & (AccessSlots.CONCURRENT | AccessSlots.COMMUTATIVE));
            if (d.group != null && d.group.kind != group) {
                // Another kind of access after a group: it waits for every task of the group.
                blocked |= waitForGroup(d, node, taskId);
            }
            if (group != 0 && d.group == null) {
                openGroup(d, group, (flags & AccessSlots.MAIN_WROTE) != 0);
            }
            DataVersion read = null;
            if ((flags & AccessSlots.READ) != 0) {
                if (group == 0 && (d.version == 0 || (flags & AccessSlots.MAIN_WROTE) != 0)) {
                    d.addVersion(MAIN);
                }
                read = new DataVersion(d.id, d.version);
                long writer = group != 0 ? d.group.baseWriter : d.currentWriter();
                if (writer != MAIN) {
                    TaskNode w = graph.pending(writer);
                    if (w != null) {
                        if (w.addSuccessor(node)) {
                            node.unfinishedPreds++;
                        }
                        listener.edge(writer, taskId, new DataVersion(d.id, group != 0 ? d.group.baseVersion : d.version));
                    } else if (isDead(writer)) {
                        blocked = true;
                    }
                }
            }
            DataVersion write = null;
            if ((flags & AccessSlots.WRITE) != 0) {
                d.addVersion(taskId);
                write = new DataVersion(d.id, d.version);
            }
            if (group != 0) {
                d.group.add(taskId);
                slotGroup[s] = d.group.id;
            }
            slotRead[s] = read;
            slotWrite[s] = write;
        }

        DataVersion[] reads = new DataVersion[n];
        DataVersion[] writes = new DataVersion[n];
        long[] groups = null;
        for (int i = 0; i < n; i++) {
            int s = paramSlot[i];
            if (s >= 0) {
                AccessMode mode = params.get(i).mode();
                if (mode.reads()) {
                    reads[i] = slotRead[s];
                }
                if (mode.writes()) {
                    writes[i] = slotWrite[s];
                }
                if (slotGroup[s] != 0 && mode.grouped()) {
                    if (groups == null) {
                        groups = new long[n];
                    }
                    groups[i] = slotGroup[s];
                }
            }
        }
        scratch.clear(slots);

        List<String> streamsWritten = List.of();
        List<String> streamsRead = List.of();
        if (!request.streams().isEmpty()) {
            streamsWritten = StreamAccess.distinct(request.streams(), true);
            streamsRead = StreamAccess.distinct(request.streams(), false);
            for (String sid : streamsWritten) {
                listener.streamAccess(taskId, sid, true);
            }
            for (String sid : streamsRead) {
                listener.streamAccess(taskId, sid, false);
            }
        }

        if (blocked) {
            graph.addBlocked(node);
        } else {
            graph.addPending(node, streamsWritten, streamsRead);
        }
        return new AnalysedTask(taskId, request.taskTypeId(), reads, writes, node.unfinishedPreds, blocked,
                streamsWritten, streamsRead, groups);
    }

    private void openGroup(DataInfo d, byte kind, boolean mainWrote) {
        if (d.version == 0 || mainWrote) {
            d.addVersion(MAIN);
        }
        d.group = new AccessGroup(kind, ++lastGroupId, d.currentWriter(), d.version);
    }

    /** Edges from every pending task of the datum's group to {@code node}; closes the group. True if one is dead. */
    private boolean waitForGroup(DataInfo d, TaskNode node, long taskId) {
        boolean dead = false;
        for (int i = 0; i < d.group.size; i++) {
            long member = d.group.members[i];
            TaskNode w = graph.pending(member);
            if (w != null) {
                if (w.addSuccessor(node)) {
                    node.unfinishedPreds++;
                }
                listener.edge(member, taskId, new DataVersion(d.id, d.version));
            } else if (isDead(member)) {
                dead = true;
            }
        }
        d.closeGroup();
        return dead;
    }

    /**
     * The pending tasks of the datum's open CONCURRENT or COMMUTATIVE group, which the main
     * program must wait for before it uses the datum (empty when there is none). The main
     * program's access closes the group.
     */
    public List<Long> groupMembersPending(DataKey key) {
        DataInfo d = data.get(key);
        if (d == null || d.group == null) {
            return List.of();
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < d.group.size; i++) {
            if (graph.pending(d.group.members[i]) != null) {
                out.add(d.group.members[i]);
            }
        }
        d.closeGroup();
        return out;
    }

    /**
     * Records that a pending task finished and returns the tasks that became ready, in
     * submission order. The task's state is dropped.
     *
     * @throws IllegalStateException if the task is not pending
     */
    public List<Long> taskFinished(long taskId) {
        return graph.finished(taskId);
    }

    /**
     * The pending tasks that wait for {@code taskId}'s outputs and for no other unfinished task, in
     * submission order (empty when it is not pending): they can run as soon as it ends, on its node
     * (chaining ahead).
     */
    public List<Long> onlyWaitingFor(long taskId) {
        TaskNode node = graph.pending(taskId);
        if (node == null || node.successorCount == 0) {
            return List.of();
        }
        List<Long> out = new java.util.ArrayList<>(node.successorCount);
        for (int i = 0; i < node.successorCount; i++) {
            TaskNode s = node.successors[i];
            if (!s.dead && s.unfinishedPreds == 1) {
                out.add(s.id);
            }
        }
        return out;
    }

    /**
     * Whether the pending task waits for exactly one unfinished task; the caller knows which (the
     * pending writer of a version it reads).
     */
    public boolean waitsForOneTask(long taskId) {
        TaskNode node = graph.pending(taskId);
        return node != null && !node.dead && node.unfinishedPreds == 1;
    }

    /**
     * Records that a pending task failed for good and returns, in id order, every pending task
     * that transitively depends on it: none of them can ever run and they stop being pending.
     * Tasks registered later that read their outputs come back {@link AnalysedTask#blockedByFailure()}.
     *
     * @throws IllegalStateException if the task is not pending
     */
    public List<Long> taskFailedForGood(long taskId) {
        return graph.failedForGood(taskId);
    }

    /**
     * The main program accesses a datum. Returns null for a datum never seen (nothing to wait
     * for, nothing recorded). For W and RW a new version written by MAIN is created.
     */
    public MainAccess mainAccess(DataKey key, AccessMode mode) {
        DataInfo d = data.get(Objects.requireNonNull(key, "key"));
        if (d == null) {
            return null;
        }
        DataVersion last = new DataVersion(d.id, d.version);
        long writer = d.currentWriter();
        long reportedWriter = 0;
        boolean unfinished = false;
        boolean failed = false;
        if (writer != MAIN) {
            if (graph.pending(writer) != null) {
                unfinished = true;
                reportedWriter = writer;
            } else if (isDead(writer)) {
                failed = true;
                reportedWriter = writer;
            }
            if (mode.reads() && d.syncedVersion != d.version) {
                d.syncedVersion = d.version;
                listener.mainSync(last, writer);
            }
        }
        DataVersion created = null;
        if (mode.writes()) {
            d.addVersion(MAIN);
            created = new DataVersion(d.id, d.version);
        }
        return new MainAccess(last, reportedWriter, unfinished, failed, created);
    }

    /** The datum's latest version, if the datum is known. */
    public Optional<DataVersion> currentVersion(DataKey key) {
        DataInfo d = data.get(key);
        return d == null ? Optional.empty() : Optional.of(new DataVersion(d.id, d.version));
    }

    /** The task that wrote {@code version}; {@link #MAIN} (0) for the main program; -1 if unknown or deleted. */
    public long writerOf(DataVersion version) {
        DataInfo d = data.byId(version.dataId());
        if (d == null || version.version() < 1 || version.version() > d.version) {
            return -1;
        }
        return d.writers[version.version() - 1];
    }

    /** True for a registered task that finished successfully (ids of skipped numbers count as registered). */
    public boolean isFinished(long taskId) {
        return taskId > 0 && taskId <= lastTaskId && graph.pending(taskId) == null && !isDead(taskId);
    }

    /** True for a task that failed for good or can never run because of one. */
    public boolean isFailed(long taskId) {
        return isDead(taskId);
    }

    /** Registered tasks that have neither finished nor failed (nor depend on a failure). */
    public int pendingTasks() {
        return graph.pendingCount();
    }

    /**
     * The pending tasks that write stream {@code streamId} (submitted, not yet finished or
     * failed), in submission order; empty for a stream no pending task writes (e.g. one only the
     * main program or another process writes).
     */
    public List<Long> unfinishedProducers(String streamId) {
        return graph.producers(streamId);
    }

    /** The pending tasks that read stream {@code streamId}, in submission order. */
    public List<Long> unfinishedConsumers(String streamId) {
        return graph.consumers(streamId);
    }

    /** Forgets the datum; a later use of the key starts again with a new data id. */
    public void deleteData(DataKey key) {
        data.delete(key);
    }

    /** Task nodes held in memory (for tests: 0 once every task has finished). */
    int trackedTaskCount() {
        return graph.pendingCount();
    }

    /** Streams with a pending producer or consumer (for tests: 0 once every task has finished). */
    int trackedStreamCount() {
        return graph.streamCount();
    }

    /** Data held in memory (for tests). */
    int trackedDataCount() {
        return data.size();
    }

    private boolean isDead(long taskId) {
        return graph.isDead(taskId);
    }
}
