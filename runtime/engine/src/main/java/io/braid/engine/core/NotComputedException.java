package io.braid.engine.core;

/** The main program asked for data whose task was cancelled: the value never comes. */
public final class NotComputedException extends RuntimeException {
    public NotComputedException(String message) {
        super(message);
    }
}
