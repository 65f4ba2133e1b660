package io.braid.streams.client;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.streams.BackendException;
import io.braid.streams.protocol.StreamSecretFile;

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
        String file = System.getProperty(StreamSecretFile.PROPERTY);
        String origin = "-D" + StreamSecretFile.PROPERTY;
        if (file == null || file.isBlank()) {
            file = System.getenv(StreamSecretFile.ENV);
            origin = StreamSecretFile.ENV;
        }
        if (file != null && !file.isBlank() && (fromEnvironment || System.getProperty(StreamSecretFile.PROPERTY) != null)) {
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
