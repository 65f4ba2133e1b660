package io.braid.engine.monitor.graph;

import io.braid.engine.analysis.AnalysisListener;
import io.braid.engine.analysis.DataVersion;

import java.util.Arrays;

/**
 * The task graph as the analyser reports it: tasks, RAW edges and main-program synchronisations,
 * in arrival order, in flat primitive arrays. Fed from the analyser's thread; read it (e.g. with
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

    private static void check(int i, int size) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i + " not in [0, " + size + ")");
        }
    }
}
