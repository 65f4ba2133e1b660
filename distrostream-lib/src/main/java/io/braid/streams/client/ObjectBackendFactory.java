package io.braid.streams.client;

import io.braid.streams.BackendException;
import io.braid.streams.backend.ObjectBackend;
import io.braid.streams.kafka.KafkaObjectBackend;

/** Creates a process's object backend once the stream server has said where Kafka is. */
@FunctionalInterface
public interface ObjectBackendFactory {

    ObjectBackend create(String kafkaBootstrap) throws BackendException;

    /** Loads what {@link #create} will need without connecting anywhere (optional, may take a while). */
    default void preload() {
    }

    /** The Kafka backend. */
    ObjectBackendFactory KAFKA = new ObjectBackendFactory() {
        @Override
        public ObjectBackend create(String bootstrap) throws BackendException {
            try {
                return new KafkaObjectBackend(bootstrap);
            } catch (RuntimeException e) {
                throw new BackendException("cannot connect to Kafka at " + bootstrap + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void preload() {
            KafkaObjectBackend.preloadClasses();
        }
    };
}
