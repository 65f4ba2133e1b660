package io.braid.api;

/** How a task uses a parameter: reads it, writes it, or both. */
public enum Direction {
    IN, OUT, INOUT
}
