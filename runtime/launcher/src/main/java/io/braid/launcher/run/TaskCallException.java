package io.braid.launcher.run;

/**
 * A task call of the main program that cannot become a task (an input file that does not exist,
 * an argument that cannot be passed): the run stops with one line naming the call and the cause.
 */
public final class TaskCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TaskCallException(String taskLabel, String callSite, String cause) {
        super("task call " + taskLabel + (callSite == null ? "" : " at " + callSite) + ": " + cause);
    }
}
