package io.braid.engine.analysis;

/** An object identity, numbered by the app side. */
public record ObjectKey(long objectId) implements DataKey {
}
