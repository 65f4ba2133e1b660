package io.braid.spi;

/**
 * What {@link io.braid.api.Braid} delegates to. The launcher installs the distributed runtime;
 * without it (plain {@code java}) the sequential no-op runtime is used. Not for application code.
 */
public interface AppRuntime {
    <T> T waitOn(T obj);

    void barrier();

    void getFile(String path);

    void deleteFile(String path);

    /** The main program will call no more tasks, or may (false): see {@link io.braid.api.Braid#barrier(boolean)}. */
    default void barrier(boolean noMoreTasks) {
        barrier();
    }

    /** The main program is done with {@code o}. */
    default void deregisterObject(Object o) {
    }

    /** Tasks called from now on belong to the group (and to those already open). */
    default void openGroup(String name) {
    }

    /** The group is closed; with {@code barrier}, {@link #barrierGroup} too. */
    default void closeGroup(String name, boolean barrier) throws io.braid.api.BraidException {
        if (barrier) {
            barrierGroup(name);
        }
    }

    /** Waits for the group's tasks; throws the {@link io.braid.api.BraidException} one of them threw. */
    default void barrierGroup(String name) throws io.braid.api.BraidException {
    }

    /** Cancels the group's tasks that have not finished. */
    default void cancelGroup(String name) throws io.braid.api.BraidException {
    }

    static AppRuntime current() {
        return Holder.runtime;
    }

    static void install(AppRuntime runtime) {
        Holder.runtime = runtime;
    }

    /** Keeps the installed runtime; sequential by default. */
    final class Holder {
        private static volatile AppRuntime runtime = new SequentialRuntime();

        private Holder() {
        }
    }
}
