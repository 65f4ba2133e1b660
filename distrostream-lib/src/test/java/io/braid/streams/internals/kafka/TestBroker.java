package io.braid.streams.internals.kafka;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A real embedded broker and a backend on it, shared by the tests of one class: declare it as a
 * {@code static} {@code @RegisterExtension} field. It starts before the class's first test and
 * stops after its last one, and then checks that the broker's temporary directory is gone.
 */
final class TestBroker implements BeforeAllCallback, AfterAllCallback {
    private EmbeddedKafkaBroker broker;
    private KafkaObjectBackend backend;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        broker = EmbeddedKafkaBroker.start("127.0.0.1", null);
        backend = new KafkaObjectBackend(broker.bootstrapServers());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (backend != null) {
            backend.close();
        }
        if (broker != null) {
            Path dir = broker.dataDir();
            broker.close();
            assertFalse(Files.exists(dir), "temporary data directory deleted on close: " + dir);
        }
    }

    KafkaObjectBackend backend() {
        return backend;
    }

    String bootstrapServers() {
        return broker.bootstrapServers();
    }
}
