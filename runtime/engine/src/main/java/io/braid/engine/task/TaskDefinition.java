package io.braid.engine.task;

import io.braid.api.OnFailure;
import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.learning.AutoBandwidth;

import java.util.List;

/**
 * A task type as the master needs it: how workers find the method, and what it requires.
 * {@code paramTypes} are the Java parameter types of the implementation (without the callee).
 * {@code autoStorageBW} is the type's learned storage-bandwidth constraint ({@code storageBW =
 * "auto..."}), null when the value is fixed; {@code request} then holds no bandwidth and the core
 * gives each task its value. {@code onFailure} says what a failure of one of its tasks does;
 * {@code timeOutMs} how long one may run (0: no limit).
 */
public record TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                             boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                             boolean io, AutoBandwidth autoStorageBW, OnFailure onFailure, long timeOutMs) {

    public TaskDefinition {
        if (onFailure == null) {
            onFailure = OnFailure.RETRY;
        }
        if (timeOutMs < 0) {
            throw new IllegalArgumentException("negative time-out " + timeOutMs);
        }
    }

    /** A type retried once on failure, without a time-out. */
    public TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                          boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                          boolean io, AutoBandwidth autoStorageBW) {
        this(typeId, label, className, methodName, paramTypes, hasTarget, returnType, request, priority, io,
                autoStorageBW, OnFailure.RETRY, 0);
    }

    /** A type without an auto constraint. */
    public TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                          boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                          boolean io) {
        this(typeId, label, className, methodName, paramTypes, hasTarget, returnType, request, priority, io, null);
    }

    /** The same type with another failure policy and time-out. */
    public TaskDefinition withFailureHandling(OnFailure policy, long timeOut) {
        return new TaskDefinition(typeId, label, className, methodName, paramTypes, hasTarget, returnType, request,
                priority, io, autoStorageBW, policy, timeOut);
    }
}
