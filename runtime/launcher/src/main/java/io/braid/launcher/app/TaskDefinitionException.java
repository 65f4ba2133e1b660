package io.braid.launcher.app;

/**
 * A task declaration that cannot be used: an annotation that does not match its method, a class or
 * method that is not found. The message is one line that names the interface method (or the
 * interface) at fault.
 */
public final class TaskDefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TaskDefinitionException(String message) {
        super(message);
    }
}
