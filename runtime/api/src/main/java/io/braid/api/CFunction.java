package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a method of the annotated interface, that the task calls a function with C linkage
 * ({@code symbol}) of a shared library ({@code library}) on the worker, through JNA, in a process
 * of its own: a crash in the function fails the task (retried as any task), never the worker.
 *
 * <p>Parameters map in declaration order: {@code boolean} to C {@code bool}, {@code byte} to
 * {@code int8_t}, {@code char} to {@code char} (one byte), {@code short}, {@code int},
 * {@code long} to {@code int64_t}, {@code float}, {@code double}; a {@code String} to a
 * NUL-terminated UTF-8 {@code const char *}; a FILE parameter ({@code @Parameter(type = FILE)})
 * to its path as {@code const char *} (an OUT or INOUT file is the function's to write); a
 * {@code byte[]} to a {@code uint8_t *} of the array's length, whose contents the function may
 * change when the parameter is OUT or INOUT (they become the array's new version); a
 * {@code java.nio.ByteBuffer} likewise, over its remaining bytes. The return is
 * one of the basic types above, or {@code void}. Repeatable, and combinable with {@link Method},
 * {@link Binary} and {@link MPI} on the same interface method: each is one implementation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@Repeatable(CFunctions.class)
public @interface CFunction {
    /**
     * The shared library: a path, or a name the dynamic loader finds ({@code "libm.so.6"}, or
     * {@code "m"} for {@code libm.so}). {@code ${VAR}} expands from the worker's environment.
     */
    String library() default Constants.UNASSIGNED;

    /** The function's symbol in the library (required). */
    String symbol() default Constants.UNASSIGNED;

    /** "true": scheduled before the other tasks that are ready at the same time. */
    String priority() default Constants.IS_NOT_PRIORITARY_TASK;

    /** Constraints of this implementation; they win over a {@code @Constraints} on the method or interface. */
    Constraints constraints() default @Constraints();
}
