package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a task needs from the node it runs on. Values are strings, as in COMPSs; an empty string
 * means "no constraint" (computing units then default to 1).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Constraints {
    /** Computing units (cores) the task occupies while it runs. */
    String computingUnits() default "";

    /** Memory in GB the task needs, e.g. "1.5". */
    String memorySize() default "";

    /** Processor architecture of the node, e.g. "Intel", "AMD", "arm". */
    String processorArchitecture() default "";

    /** Storage bandwidth in MB/s reserved while the task runs: "50", "auto" or "auto(min,max,delta)". */
    String storageBW() default "";

    /** Storage size in GB the task needs on the node. */
    String storageSize() default "";
}
