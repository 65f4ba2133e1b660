package io.braid.comm.transport;

import java.util.Optional;

/**
 * What a node's data server can serve. Called on a network thread for each request: it should
 * answer from memory (a map lookup), not compute or block.
 */
@FunctionalInterface
public interface DataSource {

    /** The content of data version {@code dataName} (e.g. "d12v3"), or empty when this node does not hold it. */
    Optional<DataContent> lookup(String dataName);
}
