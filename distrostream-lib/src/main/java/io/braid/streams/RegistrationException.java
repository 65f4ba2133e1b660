package io.braid.streams;

/** A stream could not be created or attached to (server unreachable, alias of another type, bad directory). */
public class RegistrationException extends Exception {
    public RegistrationException(String message) {
        super(message);
    }

    public RegistrationException(String message, Throwable cause) {
        super(message, cause);
    }
}
