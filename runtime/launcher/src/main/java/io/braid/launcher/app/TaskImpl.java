package io.braid.launcher.app;

import java.util.List;

/**
 * One implementation of a task as declared on its interface method: the {@code @Method}, or one
 * {@code @Binary}, {@code @MPI} or {@code @CFunction}, each with its own constraints (implementation's own, else the
 * method's {@code @Constraints}, else the interface's, attribute by attribute).
 *
 * @param kind            what runs
 * @param computingUnits  raw constraint values, "" when absent
 * @param memorySize      idem
 * @param processorArchitecture idem
 * @param storageBW       idem
 * @param storageSize     idem
 * @param binary          the executable (BINARY, MPI); null for METHOD
 * @param workingDir      directory to run in, null for a per-job one
 * @param mpiRunner       the MPI launcher (MPI)
 * @param mpiFlags        extra launcher flags (MPI)
 * @param processes       MPI processes, 1 otherwise
 * @param scaleByCU       MPI ranks = processes × computing units
 * @param failByExitValue a non-zero exit value fails the task
 * @param library         the shared library (C_FUNCTION); null otherwise
 * @param symbol          the function in it (C_FUNCTION); null otherwise
 */
public record TaskImpl(Kind kind, String computingUnits, String memorySize, String processorArchitecture,
                       String storageBW, String storageSize, String binary, String workingDir, String mpiRunner,
                       List<String> mpiFlags, int processes, boolean scaleByCU, boolean failByExitValue,
                       String library, String symbol) {

    public enum Kind { METHOD, BINARY, MPI, C_FUNCTION }

    public TaskImpl {
        mpiFlags = mpiFlags == null ? List.of() : List.copyOf(mpiFlags);
    }

    /** The Java method with its constraints. */
    static TaskImpl method(String computingUnits, String memorySize, String processorArchitecture, String storageBW,
                           String storageSize) {
        return new TaskImpl(Kind.METHOD, computingUnits, memorySize, processorArchitecture, storageBW, storageSize,
                null, null, null, List.of(), 1, false, false, null, null);
    }

    /** A C function implementation with its constraints. */
    static TaskImpl cFunction(String computingUnits, String memorySize, String processorArchitecture, String storageBW,
                              String storageSize, String library, String symbol) {
        return new TaskImpl(Kind.C_FUNCTION, computingUnits, memorySize, processorArchitecture, storageBW, storageSize,
                null, null, null, List.of(), 1, false, false, library, symbol);
    }

    /** Computing units of one process: the constraint, 1 when absent. */
    public int unitsPerProcess() {
        return computingUnits.isEmpty() ? 1 : Integer.parseInt(computingUnits);
    }

    /** MPI ranks to start: processes, times the computing units with scaleByCU. */
    public int ranks() {
        return scaleByCU ? processes * unitsPerProcess() : processes;
    }

    /** Computing units the implementation holds on its node: one process's units times the processes. */
    public String heldComputingUnits() {
        if (kind != Kind.MPI || processes == 1) {
            return computingUnits;
        }
        return String.valueOf(processes * unitsPerProcess());
    }
}
