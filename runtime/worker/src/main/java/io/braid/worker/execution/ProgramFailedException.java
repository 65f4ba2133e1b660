package io.braid.worker.execution;

/** A binary or MPI implementation could not start, or exited non-zero while its task fails by exit value. */
public final class ProgramFailedException extends RuntimeException {
    public ProgramFailedException(String message) {
        super(message, null, false, false);
    }
}
