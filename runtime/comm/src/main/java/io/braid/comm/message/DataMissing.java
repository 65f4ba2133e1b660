package io.braid.comm.message;

/** Data server reply: this node does not hold the requested version. */
public record DataMissing(long requestId, String dataName, String reason) implements Message {
}
