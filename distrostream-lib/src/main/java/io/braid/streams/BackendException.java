package io.braid.streams;

/** A stream operation failed: the backend (Kafka, the directory) or the stream server could not serve it. */
public class BackendException extends Exception {
    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
