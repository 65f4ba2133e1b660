package io.braid.engine.scheduling.learning;

import java.util.Locale;

/**
 * Where the tasks of a type that learns its auto storage-bandwidth constraint may run while it
 * learns. Chosen per run with the master's system property {@value #PROPERTY}.
 */
public enum LearningPolicy {
    /**
     * Epochs on the learning node; the tasks the next epoch does not need run on the other nodes
     * at the best value measured so far (the default).
     */
    SHARED,
    /** The learning node only: the other nodes run none of the type's tasks until it has learned. */
    EXCLUSIVE;

    /** The master's system property that chooses the policy ({@code shared} or {@code exclusive}). */
    public static final String PROPERTY = "braid.io.learning";

    /**
     * The policy named by {@code value} (case-insensitive); {@link #SHARED} when null or blank.
     *
     * @throws IllegalArgumentException naming the property and the value, for any other value
     */
    public static LearningPolicy parse(String value) {
        if (value == null || value.isBlank()) {
            return SHARED;
        }
        for (LearningPolicy p : values()) {
            if (p.name().equalsIgnoreCase(value.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + ": expected shared or exclusive");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
