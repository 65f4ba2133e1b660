package io.braid.streams.internals.client;

import io.braid.streams.internals.protocol.ApplicationReaders;

/** What a client knows, for tests in other packages that wait for a server's push to arrive. */
public final class ClientProbe {
    private ClientProbe() {
    }

    /** The application's readers of the stream as the server last told {@code client}. */
    public static ApplicationReaders readersKnown(DistroStreamClient client, String streamId) {
        return client.readersOfApplication(streamId);
    }
}
