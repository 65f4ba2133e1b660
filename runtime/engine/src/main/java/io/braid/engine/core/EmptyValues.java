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

    /** The null object of a task type: a pickled None for a Python task, a serialised Java null otherwise. */
    static byte[] nullObject(io.braid.engine.task.TaskDefinition def) {
        var impl = def.implementations().isEmpty() ? null : def.implementations().get(0);
        boolean python = impl != null && impl.foreign() != null
                && io.braid.comm.message.ForeignCall.PYTHON.equals(impl.foreign().language());
        return python ? PICKLED_NONE : NULL_OBJECT;
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
