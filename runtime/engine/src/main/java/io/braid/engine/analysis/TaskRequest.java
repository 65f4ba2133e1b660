package io.braid.engine.analysis;

import java.util.List;

/**
 * A task submitted by the application.
 *
 * @param taskId     assigned by the caller, strictly increasing across requests, &gt; 0
 * @param taskTypeId which task method this is
 * @param params     the parameters in declaration order (a return value is one more W access)
 * @param streams    the streams the task writes or reads (no edges; may be empty)
 */
public record TaskRequest(long taskId, int taskTypeId, List<ParamAccess> params, List<StreamAccess> streams) {
    public TaskRequest {
        if (taskId <= 0) {
            throw new IllegalArgumentException("task id must be > 0: " + taskId);
        }
        params = List.copyOf(params);
        streams = List.copyOf(streams);
    }

    /** A task without stream parameters. */
    public TaskRequest(long taskId, int taskTypeId, List<ParamAccess> params) {
        this(taskId, taskTypeId, params, List.of());
    }
}
