package io.braid.launcher.run;

/** The application cannot start (class not found, task that fits no node): one line, exit 1. */
public final class AppSetupException extends RuntimeException {
    public AppSetupException(String message) {
        super(message);
    }
}
