package io.braid.streams;

import io.braid.streams.internals.protocol.FilesPolled;
import io.braid.streams.internals.protocol.StreamInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * A stream of files: every complete file written into the base directory is published (no
 * {@code publish} call needed); readers get absolute paths. The directory must be visible at the
 * same path to every process using the stream; the files stay where they are.
 */
public class FileDistroStream extends StreamHandle<String> {

    private static final long serialVersionUID = 1L;
    /** Most paths one poll takes while the stream is open, so that the other readers get their share. */
    static final int MAX_PATHS_PER_POLL = 1024;

    private String baseDir;

    /** A new file stream on {@code baseDir} (created if missing), mode AT_MOST_ONCE. */
    public FileDistroStream(String baseDir) throws RegistrationException {
        this(null, baseDir, ConsumerMode.AT_MOST_ONCE);
    }

    public FileDistroStream(String baseDir, ConsumerMode mode) throws RegistrationException {
        this(null, baseDir, mode);
    }

    /** The file stream named {@code alias}, created on {@code baseDir} if no stream has that alias yet. */
    public FileDistroStream(String alias, String baseDir) throws RegistrationException {
        this(alias, baseDir, ConsumerMode.AT_MOST_ONCE);
    }

    public FileDistroStream(String alias, String baseDir, ConsumerMode mode) throws RegistrationException {
        super(StreamType.FILE, alias, mode, prepare(baseDir));
    }

    /** A handle on an existing stream ({@code StreamHandles.attach}). */
    FileDistroStream(ExistingStream stream) {
        super(stream);
        this.baseDir = stream.baseDir();
    }

    /** The absolute base directory. */
    public String getBaseDir() {
        return baseDir;
    }

    @Override
    void afterRegistration(StreamInfo info) {
        this.baseDir = info.baseDir();
    }

    /** Publishes a file of the base directory (already written, or being written: it is handed out once complete). */
    @Override
    public void publish(List<String> paths) throws BackendException {
        if (paths == null) {
            throw new BackendException("cannot publish a null list on stream " + describe());
        }
        Path base = Path.of(baseDir);
        for (String p : paths) {
            Path abs;
            try {
                abs = Path.of(p).toAbsolutePath().normalize();
            } catch (InvalidPathException | NullPointerException e) {
                throw new BackendException("cannot publish '" + p + "' on file stream " + describe() + ": not a path");
            }
            if (!abs.startsWith(base) || abs.equals(base)) {
                throw new BackendException("cannot publish " + abs + " on file stream " + describe()
                        + ": it is not inside the stream's base directory " + base);
            }
        }
        String writer = beginPublish();
        for (String p : paths) {
            client().publishFile(getId(), writer, Path.of(p).toAbsolutePath().normalize().toString());
        }
    }

    @Override
    public List<String> poll(long timeoutMs) throws BackendException {
        String reader = beginPoll(false);
        synchronized (readLock()) {
            if (isClosed()) {
                // Every writer is done: take everything still unread.
                return took(client().pollFiles(getId(), reader, 0, Integer.MAX_VALUE).paths());
            }
            FilesPolled polled = client().pollFiles(getId(), reader, Math.max(0, timeoutMs), MAX_PATHS_PER_POLL);
            return took(polled.paths());
        }
    }

    private static String prepare(String baseDir) throws RegistrationException {
        if (baseDir == null || baseDir.isBlank()) {
            throw new RegistrationException("a file stream needs a base directory");
        }
        try {
            Path dir = Path.of(baseDir).toAbsolutePath().normalize();
            Files.createDirectories(dir);
            return dir.toString();
        } catch (IOException | InvalidPathException e) {
            throw new RegistrationException("cannot use " + baseDir + " as the base directory of a file stream: " + e, e);
        }
    }
}
