package io.braid.streams.internals.protocol;

/** Where object-stream data lives; the server starts its embedded Kafka broker if needed. Answered by {@link ServerInfo}. */
public record ServerInfoRequest(long requestId) implements StreamRequest {
}
