package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a method of the application's annotated interface ({@code pkg.MainItf}), that calls
 * to the method of the same name and parameter types in {@link #declaringClass()} are tasks.
 * Members are those of COMPSs' {@code @Method}, with the same types (String flags included).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Method {
    /** Fully qualified name of the class that implements the task. */
    String declaringClass();

    /** The implementation's method name when it differs from the interface method's; unassigned means the same. */
    String name() default Constants.UNASSIGNED;

    /**
     * For instance-method tasks: how the task uses its callee. INOUT (may modify it), IN (only
     * reads it: the main program's use of the object afterwards does not wait for the task).
     */
    Direction targetDirection() default Direction.INOUT;

    /** Older COMPSs' form of {@link #targetDirection()}: "false" makes the callee IN. */
    String isModifier() default Constants.IS_MODIFIER;

    /** "true": scheduled before the other tasks that are ready at the same time. */
    String priority() default Constants.IS_NOT_PRIORITARY_TASK;

    /** What a failure of the task does to the run. */
    OnFailure onFailure() default OnFailure.RETRY;

    /**
     * Milliseconds the task may run (a whole number; "0" for no limit). A task still running then
     * is cancelled (its {@link BraidWorker#cancellationPoint()} throws, its thread is interrupted)
     * and counts as failed, handled as {@link #onFailure()} says.
     */
    String timeOut() default "0";

    /** Constraints of this implementation; they win over a {@code @Constraints} on the method or interface. */
    Constraints constraints() default @Constraints();
}
