package io.braid.streams.internals.client;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.streams.BackendException;
import io.braid.streams.internals.protocol.StreamSecretFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which secret a process's stream client proves (this JVM has no BRAID_STREAM_SECRET_FILE in its environment). */
class StreamSecurityTest {

    @Test
    void aProcessOutsideARunWithoutTheSecretFileIsToldWhichVariableToSet() {
        BackendException e = assertThrows(BackendException.class, () -> StreamSecurity.forProcess(true, "h:1"));
        assertEquals("no secret for the stream server h:1: set the environment variable BRAID_STREAM_SECRET_FILE to the"
                + " secret file scripts/braid-stream-server printed (its second line)", e.getMessage());
    }

    @Test
    void theSecretFilePropertyWinsAndInsideARunTheRunsSecretIsUsed(@TempDir Path dir) throws Exception {
        ConnectionSecurity server = ConnectionSecurity.of(RunSecret.generate());
        Path file = dir.resolve("s.secret");
        StreamSecretFile.write(file, server, "h:1");
        System.setProperty(StreamSecretFile.PROPERTY, file.toString());
        try {
            assertEquals(server.secret().toHex(), StreamSecurity.forProcess(false, "h:1").secret().toHex());
        } finally {
            System.clearProperty(StreamSecretFile.PROPERTY);
        }
        assertEquals(ConnectionSecurity.process().secret().toHex(), StreamSecurity.forProcess(false, "h:1").secret().toHex());
    }
}
