package io.braid.streams.internals.backend;

/**
 * Whether an application's readers of a stream read together, as the stream server says
 * ({@link ObjectSubscriber#readersOfApplication(int, Sharing)}). It only moves forward:
 * {@code SOLO}, then {@code HANDING_OVER}, then {@code SHARED} for good.
 */
public enum Sharing {
    /** No two readers of the application have read the stream together: its one reader may read alone. */
    SOLO,
    /** A second reader opened: the solo reader is handing over; nobody reads until the server says they share. */
    HANDING_OVER,
    /** The readers share the stream's records (the solo reader, if any, has handed over). */
    SHARED
}
