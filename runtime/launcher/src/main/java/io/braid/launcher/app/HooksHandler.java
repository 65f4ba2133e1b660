package io.braid.launcher.app;

/**
 * What rewritten application code calls into (through {@link Hooks}). Implementations are called
 * from any application thread.
 */
public interface HooksHandler {
    /**
     * A call to a task.
     *
     * @param taskMethodId {@link TaskMethod#id()} in the registry the application was rewritten with
     * @param args         the call's arguments, primitives boxed; for instance tasks the callee is
     *                     {@code args[0]}. The array is fresh per call: the handler may keep it.
     * @return for a primitive return type the boxed value (never null); for a reference type the
     *         value, a placeholder of the return type to be filled in place later, or null;
     *         ignored for void
     */
    Object task(int taskMethodId, Object[] args);

    /**
     * The application is about to use {@code o} (never null): on return {@code o} must hold its
     * latest value, updated in place. Must be cheap when {@code o} has nothing pending.
     */
    void touch(Object o);

    /**
     * As {@link #touch}, and if {@code o} is a collection, a map or an object array, touch its
     * elements (map keys and values) too, one level deep. Called for values handed to code that
     * is not the application's (the JDK), which may read the elements without touching them.
     */
    void touchDeep(Object o);

    /**
     * The application is about to open, inspect, or delete a file named by {@code pathLike} (a
     * {@code String}, {@code java.io.File} or {@code java.nio.file.Path}, never null; already
     * touched). On return the file must hold its latest content.
     */
    void file(Object pathLike);
}
