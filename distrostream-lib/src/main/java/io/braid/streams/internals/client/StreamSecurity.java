package io.braid.streams.internals.client;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.settings.SettingSource;
import io.braid.streams.BackendException;
import io.braid.streams.internals.protocol.StreamSecretFile;
import io.braid.streams.internals.settings.StreamSettings;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Which secret this process's stream client proves. Inside braid-run (the server named by the
 * system property) it is the run's, unless braid-run uses a standalone server and names that
 * server's secret file ({@link StreamSecretFile#PROPERTY}). A process outside a run that finds
 * the server through {@code BRAID_STREAM_SERVER} reads the file {@link StreamSecretFile#ENV} names.
 */
final class StreamSecurity {

    private StreamSecurity() {
    }

    /**
     * @param fromEnvironment the server address came from {@code BRAID_STREAM_SERVER} (a process outside a run)
     * @throws BackendException naming the variable to set when no secret can be found
     */
    static ConnectionSecurity forProcess(boolean fromEnvironment, String address) throws BackendException {
        SettingSource settings = SettingSource.system();
        String file = StreamSettings.SECRET_FILE.get(settings);
        String origin = StreamSettings.SECRET_FILE.origin(settings);
        if (file != null && (fromEnvironment || StreamSettings.SECRET_FILE.fromProperty(settings))) {
            try {
                return StreamSecretFile.read(Path.of(file.trim()));
            } catch (IOException e) {
                throw new BackendException(e.getMessage() + " (from " + origin + ")", e);
            }
        }
        if (fromEnvironment) {
            throw new BackendException("no secret for the stream server " + address + ": set the environment variable "
                    + StreamSecretFile.ENV + " to the secret file scripts/braid-stream-server printed (its second line)");
        }
        return ConnectionSecurity.process();
    }
}
