package io.braid.comm.transport;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Around each test of a class that registers it: a heartbeat timeout of {@link #MS} ms instead of seconds. */
final class ShortHeartbeatTimeout implements BeforeEachCallback, AfterEachCallback {
    static final long MS = 400;

    @Override
    public void beforeEach(ExtensionContext context) {
        System.setProperty(Heartbeats.TIMEOUT_PROPERTY, String.valueOf(MS));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        System.clearProperty(Heartbeats.TIMEOUT_PROPERTY);
    }
}
