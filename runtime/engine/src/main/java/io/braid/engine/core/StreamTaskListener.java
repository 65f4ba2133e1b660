package io.braid.engine.core;

import io.braid.engine.task.StreamParam;

import java.util.List;

/**
 * Learns about stream-writing tasks that will never finish, so that the streams they were
 * registered as writers of can be closed for their readers (a stream closes only when every
 * writer has closed it). Set with {@code Master.setStreamTaskListener}.
 */
@FunctionalInterface
public interface StreamTaskListener {

    StreamTaskListener NONE = (taskId, task, writes) -> { };

    /**
     * Task {@code taskId} writes streams and will never finish: it failed for good (called for it
     * first), or the run stopped on a fatal error before it ended (called next for every such
     * task, in submission order), or it was cancelled (its task group, a failed predecessor with
     * {@code onFailure = CANCEL_SUCCESSORS}) or failed with {@code onFailure = IGNORE} while the
     * run goes on. Called once per task, on the core thread, before a fatal error is reported; it
     * must not block.
     *
     * @param task   how errors name the task, e.g. {@code "demo.Tasks.produce(<stream>)"}
     * @param writes the task's STREAM OUT parameters (stream id and writer id), in parameter order
     */
    void streamWriterFailed(long taskId, String task, List<StreamParam> writes);
}
