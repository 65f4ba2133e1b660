package io.braid.streams.internals.protocol;

/**
 * Client to server, first message on a connection: the client's id (stable across reconnections
 * of one process, so a reconnect within the grace timeout keeps its writer roles) and its
 * application id (readers of one application share records).
 */
public record ClientHello(String clientId, String applicationId) implements StreamMessage {
}
