package io.braid.comm.message;

import java.util.List;

/**
 * How a worker runs a binary or MPI task (a {@link RunTask} without it calls a Java method).
 *
 * @param mpi             launched through {@code mpiRunner}
 * @param binary          the executable ({@code ${VAR}} not yet expanded: the worker's environment does it)
 * @param workingDir      directory to run in, null for a fresh per-job directory
 * @param mpiRunner       the MPI launcher (MPI only)
 * @param mpiFlags        extra launcher flags, in order (MPI only)
 * @param ranks           MPI processes to start (MPI only)
 * @param failByExitValue a non-zero exit value fails the task
 * @param prefixes        per task parameter, in order: text put before its value; null for none
 * @param streams         per task parameter: STDIN, STDOUT, STDERR, or null (an argument)
 * @param pickledExit     the exit value is stored as a Python pickle of an int (a task a Python main program
 *                        defined: its return is read by Python), not as a Java Integer
 */
public record ProcessCall(boolean mpi, String binary, String workingDir, String mpiRunner, List<String> mpiFlags,
                          int ranks, boolean failByExitValue, List<String> prefixes, List<String> streams,
                          boolean pickledExit) {

    /** A program of a Java application: its exit value is a Java Integer. */
    public ProcessCall(boolean mpi, String binary, String workingDir, String mpiRunner, List<String> mpiFlags,
                       int ranks, boolean failByExitValue, List<String> prefixes, List<String> streams) {
        this(mpi, binary, workingDir, mpiRunner, mpiFlags, ranks, failByExitValue, prefixes, streams, false);
    }
}
