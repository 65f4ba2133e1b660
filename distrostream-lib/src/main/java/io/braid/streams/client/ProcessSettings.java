package io.braid.streams.client;

import java.util.UUID;

/**
 * What this process's environment says about its stream client: the server (a system property
 * wins over the environment variable) and the application whose readers share records.
 */
final class ProcessSettings {
    private ProcessSettings() {
    }

    /** {@link DistroStreamClient#SERVER_PROPERTY}, else {@link DistroStreamClient#SERVER_ENV}; null when neither is set. */
    static String serverAddress() {
        String address = System.getProperty(DistroStreamClient.SERVER_PROPERTY);
        if (address == null || address.isBlank()) {
            address = System.getenv(DistroStreamClient.SERVER_ENV);
        }
        return address == null || address.isBlank() ? null : address.trim();
    }

    /** Which of the two named the server, for error messages. */
    static String serverOrigin() {
        return System.getProperty(DistroStreamClient.SERVER_PROPERTY) != null ? "-D" + DistroStreamClient.SERVER_PROPERTY
                : DistroStreamClient.SERVER_ENV;
    }

    /** {@link DistroStreamClient#APP_ID_PROPERTY}, else {@link DistroStreamClient#APP_ID_ENV}, else a new random id. */
    static String applicationId() {
        String id = System.getProperty(DistroStreamClient.APP_ID_PROPERTY);
        if (id == null || id.isBlank()) {
            id = System.getenv(DistroStreamClient.APP_ID_ENV);
        }
        return id == null || id.isBlank() ? "app-" + UUID.randomUUID() : id.trim();
    }
}
