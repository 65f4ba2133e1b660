package io.braid.engine.task;

import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.ProcessCall;
import io.braid.engine.scheduling.ResourceRequest;

import java.util.Objects;

/**
 * One way to run a task type: its Java method, a binary or MPI program, a function of another
 * language (FOREIGN: a Python function submitted by a non-Java main program) or a C function of a
 * Java application (C_FUNCTION: {@code @CFunction}), with the resources
 * that implementation needs. A type with several (COMPSs'
 * {@code @Method} + {@code @Binary} on one interface method) runs each task with whichever the
 * scheduler finds room for.
 *
 * @param kind    what runs
 * @param request the implementation's constraints
 * @param process how the worker starts the program; null unless BINARY or MPI
 * @param foreign which function of which language the worker calls; null unless FOREIGN
 * @param cFunction which C function the worker calls; null unless C_FUNCTION
 */
public record TaskImplementation(Kind kind, ResourceRequest request, ProcessCall process, ForeignCall foreign,
                                 CFunctionCall cFunction) {
    public enum Kind { METHOD, BINARY, MPI, FOREIGN, C_FUNCTION }

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
        if ((kind == Kind.C_FUNCTION) != (cFunction != null)) {
            throw new IllegalArgumentException(kind + " implementation " + (cFunction == null ? "without" : "with")
                    + " a C function");
        }
    }

    /** A METHOD, BINARY, MPI or FOREIGN implementation. */
    public TaskImplementation(Kind kind, ResourceRequest request, ProcessCall process, ForeignCall foreign) {
        this(kind, request, process, foreign, null);
    }

    /** The C function {@code call}, needing {@code request}. */
    public static TaskImplementation cFunction(CFunctionCall call, ResourceRequest request) {
        return new TaskImplementation(Kind.C_FUNCTION, request, null, null, call);
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
