package io.braid.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks an I/O task: it needs no computing unit and runs on the worker's I/O execution platform. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface IO {
}
