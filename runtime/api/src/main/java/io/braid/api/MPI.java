package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a method of the annotated interface, that the task runs an MPI program through an
 * MPI launcher: {@code mpiRunner -n <processes> [mpiFlags] binary args...}, the arguments built
 * as for {@link Binary}. Members are those of COMPSs' {@code @MPI}. The task holds
 * {@code processes} times its computing units on one node; with {@code scaleByCU} the launcher
 * starts {@code processes × computingUnits} ranks instead of {@code processes}. Repeatable and
 * combinable with {@link Method} and {@link Binary} (several implementations of one task).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(MPIs.class)
public @interface MPI {
    /** The MPI program: a path or a name in the worker's {@code PATH}; {@code ${VAR}} expands. */
    String binary() default Constants.UNASSIGNED;

    /** Directory the launcher runs in (created when missing); unassigned means a fresh directory per job. */
    String workingDir() default Constants.UNASSIGNED;

    /** The launcher, e.g. "mpirun" (required). */
    String mpiRunner() default Constants.UNASSIGNED;

    /** Ranks per node in COMPSs' multi-node runs; an MPI task runs on one node here, so only "1" or the process count is meaningful. */
    String processesPerNode() default "1";

    /** Extra launcher flags, split on spaces, put after {@code -n N}, e.g. "--oversubscribe". */
    String mpiFlags() default Constants.UNASSIGNED;

    /** Number of MPI processes (ranks); unassigned means 1. */
    String processes() default Constants.UNASSIGNED;

    /** Older COMPSs' name for {@link #processes()}; used when processes is unassigned. */
    String computingNodes() default Constants.UNASSIGNED;

    /** Ranks = processes × the implementation's computing units. */
    boolean scaleByCU() default false;

    /** COMPSs' argument template string; not supported here (the parameters form the command line). */
    String args() default Constants.UNASSIGNED;

    /** A non-zero exit value fails the task (default: it is only returned). */
    boolean failByExitValue() default false;

    /** "true": scheduled before the other tasks that are ready at the same time. */
    String priority() default Constants.IS_NOT_PRIORITARY_TASK;

    /** Constraints of this implementation; they win over a {@code @Constraints} on the method or interface. */
    Constraints constraints() default @Constraints();
}
