package io.braid.streams.internals.client;

import io.braid.comm.settings.SettingSource;
import io.braid.streams.internals.settings.StreamSettings;

import java.util.UUID;

/**
 * What this process's environment says about its stream client: the server (a system property
 * wins over the environment variable) and the application whose readers share records.
 */
final class ProcessSettings {
    private ProcessSettings() {
    }

    /** {@link StreamSettings#SERVER}; null when it is not set. */
    static String serverAddress() {
        String address = StreamSettings.SERVER.get();
        return address == null ? null : address.trim();
    }

    /** Which property or variable named the server, for error messages. */
    static String serverOrigin() {
        return StreamSettings.SERVER.origin(SettingSource.system());
    }

    /** {@link StreamSettings#APP_ID}, else a new random id. */
    static String applicationId() {
        String id = StreamSettings.APP_ID.get();
        return id == null ? "app-" + UUID.randomUUID() : id.trim();
    }
}
