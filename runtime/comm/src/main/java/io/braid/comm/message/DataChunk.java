package io.braid.comm.message;

/**
 * Data server reply: one piece of a data version's content, in order. {@code last} marks the
 * final piece; {@code isFile} tells whether the version is a file (else serialised object bytes).
 */
public record DataChunk(long requestId, String dataName, boolean isFile, byte[] bytes, boolean last) implements Message {
}
