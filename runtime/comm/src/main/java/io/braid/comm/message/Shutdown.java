package io.braid.comm.message;

/** Master to worker: finish and exit. */
public record Shutdown() implements Message {
}
