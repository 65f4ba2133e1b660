package io.braid.engine.resources;

/**
 * A resources.xml / project.xml problem. The message is one line of the form
 * {@code file:line: <Element>: problem}, ready to show to the user as is.
 */
public class ResourcesException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ResourcesException(String message) {
        super(message);
    }

    public ResourcesException(String message, Throwable cause) {
        super(message, cause);
    }
}
