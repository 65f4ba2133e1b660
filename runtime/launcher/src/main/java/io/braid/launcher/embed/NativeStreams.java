package io.braid.launcher.embed;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.RegistrationException;

import java.util.List;

/**
 * The stream calls of the C binding ({@code braid_object_stream_*}, {@code braid_file_stream_*}),
 * in the types JNI passes easily: an object stream's elements are {@code byte[]} (what a Java or
 * Python task reading a stream a C program writes gets, and what it publishes for C to read),
 * consumer modes are their C enum's numbers, polls return arrays. Everything else is the stream
 * library's own handles and semantics: no second client.
 */
public final class NativeStreams {
    /** In the order of the C enum {@code braid_consumer_mode}. */
    private static final ConsumerMode[] MODES = {ConsumerMode.AT_MOST_ONCE, ConsumerMode.AT_LEAST_ONCE,
            ConsumerMode.EXACTLY_ONCE};

    private NativeStreams() {
    }

    /** A new object stream, or the one named {@code alias} (null or empty: none). */
    public static ObjectDistroStream<byte[]> objectStream(String alias, int mode) throws RegistrationException {
        return new ObjectDistroStream<>(alias(alias), mode(mode));
    }

    /** A new file stream on {@code baseDir}, or the one named {@code alias}. */
    public static FileDistroStream fileStream(String alias, String baseDir, int mode) throws RegistrationException {
        return new FileDistroStream(alias(alias), baseDir, mode(mode));
    }

    public static void publish(ObjectDistroStream<byte[]> stream, byte[] record) throws BackendException {
        stream.publish(record);
    }

    /** Each record is its own element, published in one batch. */
    public static void publishAll(ObjectDistroStream<byte[]> stream, byte[][] records) throws BackendException {
        stream.publish(List.of(records));
    }

    /** {@code timeoutMs <= 0}: returns at once with what is there ({@code poll()}); else {@code poll(timeoutMs)}. */
    public static byte[][] poll(ObjectDistroStream<byte[]> stream, long timeoutMs) throws BackendException {
        List<?> polled = timeoutMs <= 0 ? stream.poll() : stream.poll(timeoutMs);
        byte[][] out = new byte[polled.size()][];
        for (int i = 0; i < out.length; i++) {
            Object e = polled.get(i);
            if (!(e instanceof byte[] b)) {
                throw new BackendException("stream " + stream.getId() + (stream.getAlias() != null ? " ('"
                        + stream.getAlias() + "')" : "") + " holds a " + (e == null ? "null" : e.getClass().getName())
                        + ", not bytes: C reads object streams whose elements are byte[]");
            }
            out[i] = b;
        }
        return out;
    }

    public static void publishFile(FileDistroStream stream, String path) throws BackendException {
        stream.publish(path);
    }

    public static String[] pollFiles(FileDistroStream stream, long timeoutMs) throws BackendException {
        List<String> polled = timeoutMs <= 0 ? stream.poll() : stream.poll(timeoutMs);
        return polled.toArray(new String[0]);
    }

    /** {id, alias (or null), consumer mode number, base directory (file streams; else null)}, kept by the C handle. */
    public static String[] describe(DistroStream<?> stream) {
        String mode = String.valueOf(java.util.Arrays.asList(MODES).indexOf(stream.getConsumerMode()));
        String baseDir = stream instanceof FileDistroStream f ? f.getBaseDir() : null;
        return new String[] {stream.getId(), stream.getAlias(), mode, baseDir};
    }

    private static String alias(String alias) {
        return alias == null || alias.isEmpty() ? null : alias;
    }

    private static ConsumerMode mode(int mode) {
        if (mode < 0 || mode >= MODES.length) {
            throw new IllegalArgumentException("consumer mode " + mode + ": expected BRAID_AT_MOST_ONCE (0), "
                    + "BRAID_AT_LEAST_ONCE (1) or BRAID_EXACTLY_ONCE (2)");
        }
        return MODES[mode];
    }
}
