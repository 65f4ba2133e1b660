package io.braid.comm.message;

/** Any node to a data server: send me the content of this data version. */
public record FetchData(long requestId, String dataName) implements Message {
}
