package io.braid.comm.auth;

import io.braid.comm.settings.CommSettings;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret every connection of a run proves it knows (see {@link ServerHandshake}). Generated
 * by the master at start, handed to workers in their environment ({@link #ENV}), never on a
 * command line. {@link #toString()} never shows it.
 */
public final class RunSecret {

    /** Environment variable that carries the run's secret (hex) to a worker. */
    public static final String ENV = CommSettings.RUN_SECRET.environment();
    /** Bytes of a generated secret. */
    public static final int LENGTH = 32;
    /** Shortest secret accepted from outside (bytes). */
    static final int MIN_LENGTH = 16;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] key;

    private RunSecret(byte[] key) {
        this.key = key;
    }

    /** A fresh secret of {@link #LENGTH} random bytes. */
    public static RunSecret generate() {
        byte[] key = new byte[LENGTH];
        RANDOM.nextBytes(key);
        return new RunSecret(key);
    }

    /**
     * Parses a secret written by {@link #toHex()}; {@code origin} names where it came from in the
     * error ("BRAID_RUN_SECRET", a file).
     *
     * @throws IllegalArgumentException naming {@code origin} when it is not hex or too short
     */
    public static RunSecret parse(String hex, String origin) {
        String s = hex == null ? "" : hex.trim();
        byte[] key;
        try {
            key = HexFormat.of().parseHex(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(origin + ": the secret is not hexadecimal");
        }
        if (key.length < MIN_LENGTH) {
            throw new IllegalArgumentException(origin + ": the secret has " + key.length + " bytes, at least "
                    + MIN_LENGTH + " are needed");
        }
        return new RunSecret(key);
    }

    /** The secret as hex digits (what {@link #ENV} holds). */
    public String toHex() {
        return HexFormat.of().formatHex(key);
    }

    /** HMAC-SHA256 under this secret of {@code label} (UTF-8) followed by {@code parts}. */
    byte[] mac(String label, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.UTF_8));
            for (byte[] p : parts) {
                mac.update(p);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    static byte[] nonce() {
        byte[] n = new byte[HandshakeFrames.NONCE_LENGTH];
        RANDOM.nextBytes(n);
        return n;
    }

    @Override
    public String toString() {
        return "RunSecret[" + key.length + " bytes]";
    }
}
