package io.braid.engine.scheduling.learning;

import io.braid.engine.EngineSettings;

import java.util.Locale;

/**
 * Where the tasks of a type that learns its auto storage-bandwidth constraint may run while it
 * learns. Chosen per run with the master's system property {@code braid.io.learning}
 * ({@link io.braid.engine.EngineSettings#LEARNING_POLICY}).
 */
public enum LearningPolicy {
    /**
     * Epochs on the learning node; the tasks the next epoch does not need run on the other nodes
     * at the best value measured so far (the default).
     */
    SHARED,
    /** The learning node only: the other nodes run none of the type's tasks until it has learned. */
    EXCLUSIVE;

    /**
     * The policy named by {@code value} as the property {@code braid.io.learning} would give it
     * (case-insensitive); {@link #SHARED} when null or blank.
     *
     * @throws IllegalArgumentException naming the property and the value, for any other value
     */
    public static LearningPolicy parse(String value) {
        return EngineSettings.LEARNING_POLICY.parse(value);
    }

    /** The policy named {@code name} in any case (its {@link #toString()}). */
    public static LearningPolicy named(String name) {
        for (LearningPolicy p : values()) {
            if (p.name().equalsIgnoreCase(name.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("no learning policy " + name);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
