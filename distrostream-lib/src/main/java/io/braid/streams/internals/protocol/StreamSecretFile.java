package io.braid.streams.internals.protocol;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.comm.auth.RunSecret;
import io.braid.comm.tls.TlsIdentity;
import io.braid.streams.internals.settings.StreamSettings;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * The file in which a standalone stream server leaves what its clients need to connect: its
 * secret, and with TLS its certificate (a client pins it). Readable by its owner only (0600);
 * clients find it through {@link #ENV}. Format: {@code key=value} lines, {@code #} comments:
 * {@code secret=<hex>} and optionally {@code tls_certificate=<Base64 DER>}.
 */
public final class StreamSecretFile {

    /** Environment variable naming the secret file of the stream server that {@code BRAID_STREAM_SERVER} names. */
    public static final String ENV = StreamSettings.SECRET_FILE.environment();
    /** System property with the same meaning; wins over {@link #ENV} (braid-run sets it for its workers). */
    public static final String PROPERTY = StreamSettings.SECRET_FILE.property();

    private StreamSecretFile() {
    }

    /** Writes {@code security}'s secret (and certificate) to {@code file}, replacing it, mode 0600 from the start. */
    public static void write(Path file, ConnectionSecurity security, String serverAddress) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path tmp = dir.resolve(file.getFileName() + ".tmp" + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        try {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw new IOException("cannot create " + tmp + ": it exists", e);
        }
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
            w.write("# secret of the Braid stream server at " + serverAddress + "; clients: export " + ENV + "="
                    + file.toAbsolutePath() + "\n");
            w.write("secret=" + security.secret().toHex() + "\n");
            if (security.usesTls()) {
                w.write("tls_certificate=" + security.tls().certificateBase64() + "\n");
            }
        }
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads a file written by {@link #write}.
     *
     * @throws IOException naming the file when it cannot be read or has no secret
     */
    public static ConnectionSecurity read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IOException("cannot read the stream server's secret file " + file + ": " + e, e);
        }
        String secret = null;
        String cert = null;
        for (String line : lines) {
            if (line.startsWith("secret=")) {
                secret = line.substring("secret=".length());
            } else if (line.startsWith("tls_certificate=")) {
                cert = line.substring("tls_certificate=".length());
            }
        }
        if (secret == null) {
            throw new IOException(file + " has no secret= line: not a stream server's secret file");
        }
        try {
            ConnectionSecurity s = ConnectionSecurity.of(RunSecret.parse(secret, file.toString()));
            return cert == null ? s : s.withTls(TlsIdentity.fromBase64(cert, null, file.toString()));
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
