package io.braid.engine.analysis;

/** How a task (or the main program) accesses a datum: IN, OUT or INOUT. */
public enum AccessMode {
    R(true, false),
    W(false, true),
    RW(true, true);

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
}
