package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a method of the annotated interface, that the task runs an executable rather than
 * a Java method: its parameters become the command line, in declaration order (each as
 * {@code prefix + value}), FILE parameters marked with {@link Parameter#stream()} are its standard
 * streams, and an {@code int}/{@code Integer} return is its exit value. Members are those of
 * COMPSs' {@code @Binary}. Repeatable, and combinable with {@link Method} and {@link MPI} on the
 * same interface method: each is one implementation of the task, with its own constraints, and the
 * scheduler runs each task with an implementation that fits the node it picks.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(Binaries.class)
public @interface Binary {
    /** The executable: a path, or a name looked up in the worker's {@code PATH}. {@code ${VAR}} expands from the worker's environment. */
    String binary() default Constants.UNASSIGNED;

    /** Directory the executable runs in (created when missing); unassigned means a fresh directory per job on the worker. */
    String workingDir() default Constants.UNASSIGNED;

    /** COMPSs' argument template string; not supported here (the parameters form the command line). */
    String args() default Constants.UNASSIGNED;

    /** "true": a non-zero exit value fails the task. "false" (default): it is only returned. */
    String failByExitValue() default Constants.NOT_FAIL_BY_EV;

    /** "true": scheduled before the other tasks that are ready at the same time. */
    String priority() default Constants.IS_NOT_PRIORITARY_TASK;

    /** Constraints of this implementation; they win over a {@code @Constraints} on the method or interface. */
    Constraints constraints() default @Constraints();
}
