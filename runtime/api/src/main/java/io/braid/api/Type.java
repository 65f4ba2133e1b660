package io.braid.api;

/**
 * Kind of a task parameter, as in COMPSs. {@link #UNSPECIFIED} lets the runtime infer it from the value.
 *
 * <p>{@link #COLLECTION}: a {@code java.util.List} (declared {@code List}, {@code Collection} or
 * {@code ArrayList}) whose elements are separate data: each element is a dependency of its own
 * (a task result in the list makes the task wait for that task only, and its value goes from the
 * worker that has it to the task, never through the main program), and the task gets a new
 * {@code ArrayList} of the elements' values. {@code Direction.IN} reads the elements;
 * {@code Direction.INOUT} also writes them (each element the main program uses afterwards
 * waits for the task and is updated in place). Elements are objects (boxed values included),
 * {@code null}s pass as they are.
 */
public enum Type {
    BOOLEAN, CHAR, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, OBJECT, FILE, STREAM, COLLECTION, UNSPECIFIED
}
