package io.braid.engine.task;

import io.braid.engine.scheduling.ResourceRequest;

import java.util.List;

/**
 * A task type as the master needs it: how workers find the method, and what it requires.
 * {@code paramTypes} are the Java parameter types of the implementation (without the callee).
 */
public record TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                             boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                             boolean io) {
}
