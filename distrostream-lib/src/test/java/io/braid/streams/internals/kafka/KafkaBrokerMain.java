package io.braid.streams.internals.kafka;

import java.io.InputStream;

/**
 * Test helper run in its own JVM: a Kafka broker that is not the stream server's. Prints
 * {@code KAFKA=host:port} once it accepts clients, runs until its stdin closes, then stops.
 */
public final class KafkaBrokerMain {
    public static void main(String[] args) throws Exception {
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start("127.0.0.1", null)) {
            System.out.println("KAFKA=" + broker.bootstrapServers());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // the parent keeps stdin open while it needs the broker
            }
        }
    }
}
