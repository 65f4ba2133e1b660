package io.braid.streams.internals.client;

/** What a handle may do in this process (the runtime restricts handles passed to tasks). */
public enum StreamAccess {
    /** Publish, poll and close (a handle the user created). */
    READ_WRITE,
    /** Poll only: publishing fails with a clear BackendException; close() does nothing. */
    READ_ONLY,
    /** Publish and close only: polling fails with a clear BackendException. */
    WRITE_ONLY
}
