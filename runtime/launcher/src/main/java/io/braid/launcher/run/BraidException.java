package io.braid.launcher.run;

/** The runtime could not give the main program what it waited for (a task failed, data was lost). */
public final class BraidException extends RuntimeException {
    public BraidException(String message, Throwable cause) {
        super(message, cause);
    }
}
