package io.braid.comm.message;

/** Either way on a master-worker link: "still here", sent when the link has been quiet for a while. */
public record Heartbeat() implements Message {
}
