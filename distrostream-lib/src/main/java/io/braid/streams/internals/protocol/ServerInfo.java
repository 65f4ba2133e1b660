package io.braid.streams.internals.protocol;

/** {@code kafkaBootstrap}: the bootstrap servers of the Kafka cluster holding object streams ("host:port,..."). */
public record ServerInfo(long requestId, String kafkaBootstrap) implements StreamReply {
}
