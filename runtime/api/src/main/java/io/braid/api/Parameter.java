package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Type and direction of one task parameter, with COMPSs' other {@code @Parameter} members. Without
 * the annotation: UNSPECIFIED (inferred), IN.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Parameter {
    Type type() default Type.UNSPECIFIED;

    Direction direction() default Direction.IN;

    /** For binary and MPI tasks: the standard stream this FILE parameter is redirected to. Stored; Java tasks ignore it. */
    StdIOStream stream() default StdIOStream.UNSPECIFIED;

    /** For binary and MPI tasks: text put before the value on the command line. Stored; Java tasks ignore it. */
    String prefix() default Constants.PREFIX_EMPTY;

    /** A hint of the parameter's size relative to the others (a decimal number). Stored; not used by the scheduler yet. */
    String weight() default "1.0";

    /** FILE parameters: hand the task the runtime's renamed file rather than one with the original name. */
    boolean keepRename() default false;

    /** A name for the parameter. Stored; not used yet. */
    String name() default Constants.NAME_EMPTY;
}
