package io.braid.engine.analysis;

/** Observes the analysis, e.g. to draw the task graph. Every callback defaults to nothing. */
public interface AnalysisListener {

    AnalysisListener NONE = new AnalysisListener() {
    };

    /** A task was registered; called before its edges. */
    default void taskRegistered(long taskId, int taskTypeId) {
    }

    /** {@code toTask} reads {@code data}, written by the unfinished {@code fromTask}. */
    default void edge(long fromTask, long toTask, DataVersion data) {
    }

    /**
     * Task {@code taskId} writes ({@code writes}) or reads stream {@code streamId}; called after
     * {@link #taskRegistered}, once per distinct (stream, direction) of the task. Not an edge.
     */
    default void streamAccess(long taskId, String streamId, boolean writes) {
    }

    /**
     * The main program reads {@code data}, written by task {@code writerTaskId} (called once per
     * version, whether or not the writer has finished).
     */
    default void mainSync(DataVersion data, long writerTaskId) {
    }
}
