package io.braid.engine.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The values a task whose failure is ignored leaves behind: a serialised null, an empty file. */
final class EmptyValues {
    /** {@code null} in Java serialisation, as workers and the main program read object versions. */
    static final byte[] NULL_OBJECT = serialisedNull();

    /** {@code None} pickled: the null of a Python task's objects, which stay pickles everywhere. */
    static final byte[] PICKLED_NONE = {(byte) 0x80, 0x04, 'N', '.'};

    private EmptyValues() {
    }

    /**
     * No bytes: the null of a C task's objects, which are C worker protocol VALUEs (none is empty,
     * so the main program tells "no value" from any value).
     */
    static final byte[] NO_C_VALUE = {};

    /**
     * The null object of a task type: a pickled None for a Python task, no bytes for a C task, a
     * serialised Java null otherwise.
     */
    static byte[] nullObject(io.braid.engine.task.TaskDefinition def) {
        var impl = def.implementations().isEmpty() ? null : def.implementations().get(0);
        String language = impl == null || impl.foreign() == null ? null : impl.foreign().language();
        return io.braid.comm.message.ForeignCall.PYTHON.equals(language) ? PICKLED_NONE
                : io.braid.comm.message.ForeignCall.C.equals(language) ? NO_C_VALUE : NULL_OBJECT;
    }

    /** A new empty file for {@code versionName} under {@code dir} (a temporary directory when null). */
    static Path file(Path dir, String versionName) throws IOException {
        Path d = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("braid-empty-");
        Path f = d.resolve(versionName);
        Files.deleteIfExists(f);
        return Files.createFile(f);
    }

    private static byte[] serialisedNull() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(b)) {
            out.writeObject(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }
}
