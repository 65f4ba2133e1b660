package io.braid.comm.transport;

import java.io.IOException;

/** A data server answered that it does not hold (or could not read) the requested version. */
public final class DataMissingException extends IOException {

    private final String dataName;
    private final String server;
    private final String reason;

    public DataMissingException(String dataName, String server, String reason) {
        super("data server " + server + " does not have " + dataName + ": " + reason);
        this.dataName = dataName;
        this.server = server;
        this.reason = reason;
    }

    public String dataName() {
        return dataName;
    }

    /** {@code host:port} of the data server that answered. */
    public String server() {
        return server;
    }

    public String reason() {
        return reason;
    }
}
