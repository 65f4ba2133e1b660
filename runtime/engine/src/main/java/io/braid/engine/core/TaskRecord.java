package io.braid.engine.core;

import io.braid.engine.analysis.AnalysedTask;
import io.braid.engine.task.TaskSubmission;

/** The core's state of one task from submission to its end. */
final class TaskRecord {
    static final int MAX_ATTEMPTS = 2;
    /** Times a job may be sent again because an input holder vanished while it was fetching. */
    static final int MAX_INPUT_LOSSES = 10;
    /**
     * Times the task may be running on a worker that dies; the last time stops the run: a task
     * whose workers keep dying under it is likely what ends them (System.exit, a crash, memory).
     */
    static final int MAX_WORKER_LOSSES = 3;

    final TaskSubmission submission;
    /** Replaced once by the version pairs a commutative group gives the task ({@link CommutativeGroups}). */
    AnalysedTask analysed;
    boolean commutativePairsTaken;
    int failures;
    int inputLosses;
    /** Names of the workers that died while running this task, oldest first. */
    java.util.List<String> lostWorkers;
    /** A re-run of a finished task to recompute versions lost with a worker (outside the analyser). */
    boolean regeneration;
    int excludedNode = -1;
    int node = -1;
    long jobId;
    String lastError;
    String lastFailedNode;

    TaskRecord(TaskSubmission submission, AnalysedTask analysed) {
        this.submission = submission;
        this.analysed = analysed;
    }

    long id() {
        return submission.taskId();
    }
}
