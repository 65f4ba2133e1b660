package io.braid.engine.monitor.graph;

import io.braid.engine.analysis.AnalysisListener;
import io.braid.engine.analysis.DataVersion;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The task graph as the analyser reports it: tasks, RAW edges, main-program synchronisations and
 * stream accesses (which task writes or reads which stream), in arrival order, in flat arrays. Fed from the analyser's thread; read it (e.g. with
 * {@link DotWriter}) from that thread or after the run.
 */
public final class TaskGraph implements AnalysisListener {

    private long[] taskIds = new long[64];
    private int[] taskTypes = new int[64];
    private int tasks;

    private long[] edgeFrom = new long[64];
    private long[] edgeTo = new long[64];
    private int[] edgeData = new int[64];
    private int[] edgeVersion = new int[64];
    private int edges;

    private long[] syncWriter = new long[16];
    private int[] syncData = new int[16];
    private int[] syncVersion = new int[16];
    private int syncs;

    private final List<String> streamIds = new ArrayList<>();
    private final Map<String, Integer> streamIndex = new HashMap<>();
    private long[] accessTask = new long[16];
    private int[] accessStream = new int[16];
    private boolean[] accessWrites = new boolean[16];
    private int accesses;

    @Override
    public void taskRegistered(long taskId, int taskTypeId) {
        if (tasks == taskIds.length) {
            taskIds = Arrays.copyOf(taskIds, tasks * 2);
            taskTypes = Arrays.copyOf(taskTypes, tasks * 2);
        }
        taskIds[tasks] = taskId;
        taskTypes[tasks] = taskTypeId;
        tasks++;
    }

    @Override
    public void edge(long fromTask, long toTask, DataVersion data) {
        if (edges == edgeFrom.length) {
            edgeFrom = Arrays.copyOf(edgeFrom, edges * 2);
            edgeTo = Arrays.copyOf(edgeTo, edges * 2);
            edgeData = Arrays.copyOf(edgeData, edges * 2);
            edgeVersion = Arrays.copyOf(edgeVersion, edges * 2);
        }
        edgeFrom[edges] = fromTask;
        edgeTo[edges] = toTask;
        edgeData[edges] = data.dataId();
        edgeVersion[edges] = data.version();
        edges++;
    }

    @Override
    public void mainSync(DataVersion data, long writerTaskId) {
        if (syncs == syncWriter.length) {
            syncWriter = Arrays.copyOf(syncWriter, syncs * 2);
            syncData = Arrays.copyOf(syncData, syncs * 2);
            syncVersion = Arrays.copyOf(syncVersion, syncs * 2);
        }
        syncWriter[syncs] = writerTaskId;
        syncData[syncs] = data.dataId();
        syncVersion[syncs] = data.version();
        syncs++;
    }

    @Override
    public void streamAccess(long taskId, String streamId, boolean writes) {
        Integer idx = streamIndex.get(streamId);
        if (idx == null) {
            idx = streamIds.size();
            streamIds.add(streamId);
            streamIndex.put(streamId, idx);
        }
        if (accesses == accessTask.length) {
            accessTask = Arrays.copyOf(accessTask, accesses * 2);
            accessStream = Arrays.copyOf(accessStream, accesses * 2);
            accessWrites = Arrays.copyOf(accessWrites, accesses * 2);
        }
        accessTask[accesses] = taskId;
        accessStream[accesses] = idx;
        accessWrites[accesses] = writes;
        accesses++;
    }

    public int taskCount() {
        return tasks;
    }

    public long taskId(int i) {
        check(i, tasks);
        return taskIds[i];
    }

    public int taskType(int i) {
        check(i, tasks);
        return taskTypes[i];
    }

    public int edgeCount() {
        return edges;
    }

    public long edgeFrom(int i) {
        check(i, edges);
        return edgeFrom[i];
    }

    public long edgeTo(int i) {
        check(i, edges);
        return edgeTo[i];
    }

    public DataVersion edgeData(int i) {
        check(i, edges);
        return new DataVersion(edgeData[i], edgeVersion[i]);
    }

    public int syncCount() {
        return syncs;
    }

    /** The task whose output the main program waited for at synchronisation {@code i}. */
    public long syncWriter(int i) {
        check(i, syncs);
        return syncWriter[i];
    }

    public DataVersion syncData(int i) {
        check(i, syncs);
        return new DataVersion(syncData[i], syncVersion[i]);
    }

    /** Distinct streams used by tasks, in order of first use. */
    public int streamCount() {
        return streamIds.size();
    }

    public String streamId(int i) {
        check(i, streamIds.size());
        return streamIds.get(i);
    }

    public int streamAccessCount() {
        return accesses;
    }

    public long streamAccessTask(int i) {
        check(i, accesses);
        return accessTask[i];
    }

    /** Index (for {@link #streamId}) of the stream of access {@code i}. */
    public int streamAccessStream(int i) {
        check(i, accesses);
        return accessStream[i];
    }

    /** True when the task of access {@code i} writes the stream (a producer), false when it reads it. */
    public boolean streamAccessWrites(int i) {
        check(i, accesses);
        return accessWrites[i];
    }

    private static void check(int i, int size) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i + " not in [0, " + size + ")");
        }
    }
}
