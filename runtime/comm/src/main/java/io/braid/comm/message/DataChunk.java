package io.braid.comm.message;

/**
 * Data server reply: one piece of a data version's content, in order. {@code last} marks the
 * final piece; {@code isFile} tells whether the version is a file (else serialised object bytes);
 * {@code totalSize} is the whole version's size in bytes (0: not said, as by an older peer), so
 * that a fetch into memory fills one array as the pieces come instead of joining them at the end.
 */
public record DataChunk(long requestId, String dataName, boolean isFile, byte[] bytes, boolean last, long totalSize)
        implements Message {

    /** A piece that does not say the version's size. */
    public DataChunk(long requestId, String dataName, boolean isFile, byte[] bytes, boolean last) {
        this(requestId, dataName, isFile, bytes, last, 0);
    }
}
