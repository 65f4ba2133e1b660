package io.braid.launcher.options;

/** A wrong command line: printed as one line, exit status 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
