package io.braid.api;

import io.braid.spi.AppRuntime;

/**
 * Explicit synchronisation with the runtime, as {@code es.bsc.compss.api.COMPSs}. A correct
 * application never needs these calls under {@code braid-run} (uses of task results wait
 * transparently); they exist for clarity and for code outside the instrumented application.
 * Run with plain {@code java}, tasks are ordinary calls and these methods do nothing.
 */
public final class Braid {
    private Braid() {
    }

    /** Waits for the last task that writes {@code obj} and returns its value (the same object, updated). */
    public static <T> T waitOn(T obj) {
        return AppRuntime.current().waitOn(obj);
    }

    /** Waits until every task submitted so far has finished. */
    public static void barrier() {
        AppRuntime.current().barrier();
    }

    /** Waits for the last task that writes the file and brings its content to {@code path}. */
    public static void getFile(String path) {
        AppRuntime.current().getFile(path);
    }

    /** Forgets the file: later tasks cannot depend on it, and its copies on the workers are removed. */
    public static void deleteFile(String path) {
        AppRuntime.current().deleteFile(path);
    }
}
