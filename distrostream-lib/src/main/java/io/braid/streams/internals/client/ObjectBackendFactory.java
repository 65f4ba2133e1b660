package io.braid.streams.internals.client;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.ClientScheduler;
import io.braid.streams.internals.backend.ObjectBackend;
import io.braid.streams.internals.kafka.KafkaObjectBackend;

/** Creates a process's object backend once the stream server has said where Kafka is. */
@FunctionalInterface
public interface ObjectBackendFactory {

    ObjectBackend create(String kafkaBootstrap) throws BackendException;

    /** As {@link #create(String)}, the backend's background work on the process's {@code scheduler}. */
    default ObjectBackend create(String kafkaBootstrap, ClientScheduler scheduler) throws BackendException {
        return create(kafkaBootstrap);
    }

    /** Loads what {@link #create} will need without connecting anywhere (optional, may take a while). */
    default void preload() {
    }

    /** The Kafka backend. */
    ObjectBackendFactory KAFKA = new ObjectBackendFactory() {
        @Override
        public ObjectBackend create(String bootstrap) throws BackendException {
            return create(bootstrap, null);
        }

        @Override
        public ObjectBackend create(String bootstrap, ClientScheduler scheduler) throws BackendException {
            try {
                return new KafkaObjectBackend(bootstrap, scheduler);
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
