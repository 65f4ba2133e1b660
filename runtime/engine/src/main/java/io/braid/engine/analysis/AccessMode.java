package io.braid.engine.analysis;

/**
 * How a task (or the main program) accesses a datum: IN, OUT or INOUT, or one of the two group
 * accesses. Consecutive CONCURRENT accesses to a datum form a group whose tasks all read the
 * version from before the group, with no order among them; COMMUTATIVE ones a group whose tasks
 * each read and write it, one at a time in any order (the core orders them). Any other access
 * after a group waits for every task of it.
 */
public enum AccessMode {
    R(true, false),
    W(false, true),
    RW(true, true),
    CONCURRENT(true, false),
    COMMUTATIVE(true, true);

    private final boolean reads;
    private final boolean writes;

    AccessMode(boolean reads, boolean writes) {
        this.reads = reads;
        this.writes = writes;
    }

    public boolean reads() {
        return reads;
    }

    public boolean writes() {
        return writes;
    }

    /** CONCURRENT or COMMUTATIVE: the access joins a group of accesses of the same kind. */
    public boolean grouped() {
        return this == CONCURRENT || this == COMMUTATIVE;
    }
}
