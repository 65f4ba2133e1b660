package io.braid.streams;

/**
 * A stream operation failed: the backend (Kafka, the directory) or the stream server could not
 * serve it. Unchecked, although publish, poll and close declare it: code written against a
 * checked {@code BackendException} (Braid's contract: it catches or declares it) compiles
 * unchanged, and so does COMPSs code whose {@code close()} handles no checked exception. A checked
 * class could serve only one of the two: a {@code catch (BackendException e)} around a lone
 * {@code close()} does not compile when {@code close()} declares nothing checked.
 */
public class BackendException extends RuntimeException {
    public BackendException(String message) {
        super(message);
    }

    public BackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
