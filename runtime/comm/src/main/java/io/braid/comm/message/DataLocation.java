package io.braid.comm.message;

/**
 * Where a data version can be read: the data server of a node ({@code host:port}), or, when
 * {@code sharedPath} is set, a path on a disk that the reader can see directly.
 */
public record DataLocation(String node, String host, int port, String sharedPath) {
}
