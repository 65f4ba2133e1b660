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
 * {@code timeOutMs} how long one may run (0: no limit). {@code implementations} lists the ways to run
 * a task of the type, the first one's request being {@code request}; empty means the Java method
 * {@code className.methodName} only (see {@link #implementationList()}).
 */
public record TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                             boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                             boolean io, AutoBandwidth autoStorageBW, OnFailure onFailure, long timeOutMs,
                             List<TaskImplementation> implementations) {

    public TaskDefinition {
        if (onFailure == null) {
            onFailure = OnFailure.RETRY;
        }
        if (timeOutMs < 0) {
            throw new IllegalArgumentException("negative time-out " + timeOutMs);
        }
        implementations = implementations == null ? List.of() : List.copyOf(implementations);
        if (!implementations.isEmpty() && !implementations.get(0).request().equals(request)) {
            throw new IllegalArgumentException("request must be the first implementation's");
        }
    }

    /** A type whose only implementation is its Java method. */
    public TaskDefinition(int typeId, String label, String className, String methodName, List<String> paramTypes,
                          boolean hasTarget, String returnType, ResourceRequest request, boolean priority,
                          boolean io, AutoBandwidth autoStorageBW, OnFailure onFailure, long timeOutMs) {
        this(typeId, label, className, methodName, paramTypes, hasTarget, returnType, request, priority, io,
                autoStorageBW, onFailure, timeOutMs, List.of());
    }

    /** Every implementation, at least one: the Java method alone when none were given. */
    public List<TaskImplementation> implementationList() {
        return implementations.isEmpty() ? List.of(TaskImplementation.method(request)) : implementations;
    }

    /** Implementation {@code index} of {@link #implementationList()}. */
    public TaskImplementation implementation(int index) {
        return implementationList().get(index);
    }

    /** The requests of the implementations, in order; empty when there is only one (no choice to make). */
    public List<ResourceRequest> alternativeRequests() {
        if (implementations.size() < 2) {
            return List.of();
        }
        return implementations.stream().map(TaskImplementation::request).toList();
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
                priority, io, autoStorageBW, policy, timeOut, implementations);
    }
}
