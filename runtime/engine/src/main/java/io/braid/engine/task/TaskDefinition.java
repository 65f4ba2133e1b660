package io.braid.engine.task;

import io.braid.engine.scheduling.ResourceRequest;
import io.braid.engine.scheduling.learning.AutoBandwidth;

import java.util.List;

/**
 * A task type as the master needs it: how workers find the method, and what it requires.
 * {@code paramTypes} are the Java parameter types of the implementation (without the callee).
 * {@code autoStorageBW} is the type's learned storage-bandwidth constraint ({@code storageBW =
 * "auto..."}), null when the value is fixed; {@code request} then holds no bandwidth and the core
 * gives each task its value.
 */
public record TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                             boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                             boolean io, AutoBandwidth autoStorageBW) {

    /** A type without an auto constraint. */
    public TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                          boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                          boolean io) {
        this(typeId, label, className, methodName, paramTypes, hasTarget, returnType, request, priority, io, null);
    }
}
