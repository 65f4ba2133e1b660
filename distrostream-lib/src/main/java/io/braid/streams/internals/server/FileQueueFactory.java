package io.braid.streams.internals.server;

import io.braid.streams.BackendException;
import io.braid.streams.internals.backend.FileStreamQueue;

import java.nio.file.Path;

/** Opens the server-side queue of a new file stream (one per stream, watching its base directory). */
@FunctionalInterface
public interface FileQueueFactory {
    FileStreamQueue open(String streamId, Path baseDir) throws BackendException;
}
