package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a method of the application's annotated interface ({@code pkg.MainItf}), that calls
 * to the method of the same name and parameter types in {@link #declaringClass()} are tasks.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Method {
    /** Fully qualified name of the class that implements the task. */
    String declaringClass();

    /** For instance-method tasks: whether the task may modify its callee (then the callee is INOUT). */
    boolean isModifier() default true;

    /** Prioritary tasks are scheduled before the others that are ready at the same time. */
    boolean priority() default false;
}
