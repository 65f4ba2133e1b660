package io.braid.streams.internals.server;

import java.util.Objects;

/**
 * Where the stream server's object streams live: its own single-node broker, started on first use
 * of an object stream ({@link #EMBEDDED}), or an existing Kafka cluster ({@link #external}).
 *
 * @param bootstrap the external cluster's bootstrap servers ("host:port,..."), null when embedded
 */
public record KafkaMode(String bootstrap) {

    public static final KafkaMode EMBEDDED = new KafkaMode(null);

    public static KafkaMode external(String bootstrap) {
        Objects.requireNonNull(bootstrap, "bootstrap");
        if (bootstrap.isBlank()) {
            throw new IllegalArgumentException("empty Kafka bootstrap address");
        }
        return new KafkaMode(bootstrap);
    }

    /** "embedded" or a bootstrap address "host:port[,host:port...]" (an optional "kafka://" prefix is accepted). */
    public static KafkaMode parse(String text) {
        if (text == null || text.isBlank() || text.equalsIgnoreCase("embedded")) {
            return EMBEDDED;
        }
        String t = text.startsWith("kafka://") ? text.substring("kafka://".length()) : text;
        for (String hp : t.split(",")) {
            int colon = hp.lastIndexOf(':');
            if (colon <= 0 || colon == hp.length() - 1 || !hp.substring(colon + 1).chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("bad Kafka address '" + text + "': expected embedded or host:port");
            }
        }
        return external(t);
    }

    public boolean embedded() {
        return bootstrap == null;
    }

    @Override
    public String toString() {
        return embedded() ? "embedded" : bootstrap;
    }
}
