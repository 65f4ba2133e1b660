package io.braid.api;

/** How a task uses a parameter, as COMPSs' {@code Direction}. */
public enum Direction {
    /** Reads it. */
    IN,
    /** Writes it (a new value; the task does not see the old one). */
    OUT,
    /** Reads and writes it. */
    INOUT,
    /**
     * Tasks may use it at the same time: each reads the value from before them, and later tasks
     * and the main program wait for all of them. Changes are shared only where the data is
     * (a file on a shared disk); elsewhere they stay with the task.
     */
    CONCURRENT,
    /**
     * Reads and writes it, like INOUT, but tasks updating the same data this way run one at a
     * time in any order (each sees the value the previous one left).
     */
    COMMUTATIVE,
    /** Reads it once: the runtime drops the data after this use (a file is deleted, an object forgotten). */
    IN_DELETE
}
