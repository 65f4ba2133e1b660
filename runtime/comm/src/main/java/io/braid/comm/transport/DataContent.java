package io.braid.comm.transport;

import java.nio.file.Path;
import java.util.Objects;

/** The content of a data version as a node holds it: serialised object bytes (in memory or in a file), or a file. */
public sealed interface DataContent {

    /** Object content, already serialised. */
    record Bytes(byte[] bytes) implements DataContent {
        public Bytes {
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /** Object content, serialised, kept in a file instead of memory (sent as object bytes). */
    record ObjectFile(Path path) implements DataContent {
        public ObjectFile {
            Objects.requireNonNull(path, "path");
        }
    }

    /** File content, streamed from disk in chunks. */
    record File(Path path) implements DataContent {
        public File {
            Objects.requireNonNull(path, "path");
        }
    }

    static DataContent ofBytes(byte[] bytes) {
        return new Bytes(bytes);
    }

    static DataContent ofObjectFile(Path path) {
        return new ObjectFile(path);
    }

    static DataContent ofFile(Path path) {
        return new File(path);
    }
}
