package io.braid.comm.transport;

/** A data version received whole: {@code isFile} tells whether the sender held it as a file. */
public record FetchedData(String dataName, boolean isFile, byte[] bytes) {
}
