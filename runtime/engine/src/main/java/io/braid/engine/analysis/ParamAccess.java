package io.braid.engine.analysis;

import java.util.Objects;

/**
 * One parameter of a task request.
 *
 * @param key             the datum, or {@code null} for a by-value parameter (no data, no edge)
 * @param mode            how the task accesses it
 * @param mainWroteBefore the main program holds a newer value than the datum's last version; the
 *                        analyser first records a version written by MAIN and the task reads it
 *                        (only meaningful when the mode reads)
 */
public record ParamAccess(DataKey key, AccessMode mode, boolean mainWroteBefore) {

    private static final ParamAccess BY_VALUE = new ParamAccess(null, AccessMode.R, false);

    public ParamAccess {
        Objects.requireNonNull(mode, "mode");
    }

    public ParamAccess(DataKey key, AccessMode mode) {
        this(key, mode, false);
    }

    /** A by-value parameter (primitive, string literal): produces no data. */
    public static ParamAccess byValue() {
        return BY_VALUE;
    }
}
