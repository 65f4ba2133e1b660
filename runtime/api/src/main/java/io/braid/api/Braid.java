package io.braid.api;

import io.braid.spi.AppRuntime;

/**
 * Explicit synchronisation with the runtime, as {@code es.bsc.compss.api.COMPSs} (same methods and
 * signatures). A correct
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

    /**
     * Waits until every task submitted so far has finished, as {@link #barrier()}. With {@code
     * noMoreTasks} the program says it will call no more tasks (COMPSs then skips bringing files
     * back); Braid brings files back at the end in either case, and a task called afterwards
     * still runs (with a warning in runtime.log).
     */
    public static void barrier(boolean noMoreTasks) {
        AppRuntime.current().barrier(noMoreTasks);
    }

    /**
     * Waits for the last task that writes the file and brings its content to {@code fileName} (its
     * original name).
     */
    public static void getFile(String fileName) {
        AppRuntime.current().getFile(fileName);
    }

    /**
     * Deletes the file and forgets it: it is removed from its path now, later tasks using the path
     * start from whatever is there then, and the runtime's copies go once the tasks already called
     * with it have ended (they still read the content they were called with). Not a COMPSs Java
     * API method (COMPSs has it in Python and C); kept for them.
     */
    public static void deleteFile(String fileName) {
        AppRuntime.current().deleteFile(fileName);
    }

    /**
     * Waits until every task of the group has ended (finished, or cancelled); throws the {@link
     * BraidException} a task of the group threw (the group's other tasks were then cancelled).
     * A group whose barrier has passed is forgotten; a name no group has: returns at once.
     */
    public static void barrierGroup(String groupName) throws BraidException {
        AppRuntime.current().barrierGroup(groupName);
    }

    /**
     * Cancels the group's tasks that have not finished (running ones are stopped as by a
     * time-out), and every task that needs what they write. Data they would have written is
     * never computed: the main program gets an error if it uses it.
     */
    public static void cancelGroup(String groupName) throws BraidException {
        AppRuntime.current().cancelGroup(groupName);
    }

    /**
     * The program is done with {@code o}: the runtime forgets it (its copies go once the tasks
     * already called with it have ended), so it can be garbage-collected; passing it to a task
     * again makes it a new datum.
     */
    public static void deregisterObject(Object o) {
        AppRuntime.current().deregisterObject(o);
    }
}
