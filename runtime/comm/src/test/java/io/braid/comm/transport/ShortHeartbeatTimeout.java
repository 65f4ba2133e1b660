package io.braid.comm.transport;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Around each test of a class that registers it: a heartbeat timeout of {@link #MS} ms instead of
 * 6 s. Not shorter: at 400 ms a loaded 2-core machine (load 20, parallel builds) starved a live
 * link's heartbeats long enough to close it, 2 runs in 2.
 */
final class ShortHeartbeatTimeout implements BeforeEachCallback, AfterEachCallback {
    static final long MS = 1_500;

    @Override
    public void beforeEach(ExtensionContext context) {
        System.setProperty(Heartbeats.TIMEOUT_PROPERTY, String.valueOf(MS));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        System.clearProperty(Heartbeats.TIMEOUT_PROPERTY);
    }
}
