package io.braid.launcher.instrument;

/**
 * An application class the rewriter cannot instrument. Loaded unchanged it would get no transparent
 * synchronisation (its reads of a task's result would not wait for it) and could compute wrong
 * results unnoticed, so the load fails instead, unless the run allows it
 * ({@code braid-run --allow_uninstrumented}). An error, not an exception: it propagates from the
 * class load through the application's code like any other linkage failure.
 */
public final class UninstrumentableClassError extends LinkageError {
    private static final long serialVersionUID = 1L;

    private final String className;

    public UninstrumentableClassError(String className, Throwable cause) {
        super("cannot instrument application class " + className + ": " + cause
                + " (without instrumentation it would not wait for the tasks whose results it uses; "
                + "braid-run --allow_uninstrumented loads such classes unchanged)", cause);
        this.className = className;
    }

    public String className() {
        return className;
    }
}
