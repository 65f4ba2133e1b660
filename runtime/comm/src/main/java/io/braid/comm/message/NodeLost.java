package io.braid.comm.message;

/**
 * Master to workers: the worker whose data server is at {@code dataHost:dataPort} is lost; drop
 * connections to it, so that fetches waiting on it fail now (a vanished host never closes them).
 */
public record NodeLost(String node, String dataHost, int dataPort) implements Message {
}
