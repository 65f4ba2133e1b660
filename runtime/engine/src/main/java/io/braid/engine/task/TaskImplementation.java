package io.braid.engine.task;

import io.braid.comm.message.ProcessCall;
import io.braid.engine.scheduling.ResourceRequest;

import java.util.Objects;

/**
 * One way to run a task type: its Java method ({@code process == null}) or a binary or MPI
 * program, with the resources that implementation needs. A type with several (COMPSs'
 * {@code @Method} + {@code @Binary} on one interface method) runs each task with whichever the
 * scheduler finds room for.
 *
 * @param kind    what runs
 * @param request the implementation's constraints
 * @param process how the worker starts the program; null for METHOD
 */
public record TaskImplementation(Kind kind, ResourceRequest request, ProcessCall process) {
    public enum Kind { METHOD, BINARY, MPI }

    public TaskImplementation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(request, "request");
        if ((kind == Kind.METHOD) != (process == null)) {
            throw new IllegalArgumentException(kind + " implementation " + (process == null ? "without" : "with")
                    + " a process description");
        }
    }

    /** The Java method, needing {@code request}. */
    public static TaskImplementation method(ResourceRequest request) {
        return new TaskImplementation(Kind.METHOD, request, null);
    }
}
