package io.braid.engine.task;

import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.ProcessCall;
import io.braid.engine.scheduling.ResourceRequest;

import java.util.Objects;

/**
 * One way to run a task type: its Java method, a binary or MPI program, or a function of another
 * language (FOREIGN: a Python function submitted by a non-Java main program), with the resources
 * that implementation needs. A type with several (COMPSs'
 * {@code @Method} + {@code @Binary} on one interface method) runs each task with whichever the
 * scheduler finds room for.
 *
 * @param kind    what runs
 * @param request the implementation's constraints
 * @param process how the worker starts the program; null unless BINARY or MPI
 * @param foreign which function of which language the worker calls; null unless FOREIGN
 */
public record TaskImplementation(Kind kind, ResourceRequest request, ProcessCall process, ForeignCall foreign) {
    public enum Kind { METHOD, BINARY, MPI, FOREIGN }

    public TaskImplementation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(request, "request");
        boolean program = kind == Kind.BINARY || kind == Kind.MPI;
        if (program != (process != null)) {
            throw new IllegalArgumentException(kind + " implementation " + (process == null ? "without" : "with")
                    + " a process description");
        }
        if ((kind == Kind.FOREIGN) != (foreign != null)) {
            throw new IllegalArgumentException(kind + " implementation " + (foreign == null ? "without" : "with")
                    + " a foreign function");
        }
    }

    /** A METHOD, BINARY or MPI implementation. */
    public TaskImplementation(Kind kind, ResourceRequest request, ProcessCall process) {
        this(kind, request, process, null);
    }

    /** A function of another language, needing {@code request}. */
    public static TaskImplementation foreign(ForeignCall call, ResourceRequest request) {
        return new TaskImplementation(Kind.FOREIGN, request, null, call);
    }

    /** The Java method, needing {@code request}. */
    public static TaskImplementation method(ResourceRequest request) {
        return new TaskImplementation(Kind.METHOD, request, null);
    }
}
