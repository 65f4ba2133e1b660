package io.braid.api;

/**
 * Thrown by a task to stop its task group, as COMPSs' {@code COMPSsException}: the group's tasks
 * not yet finished are cancelled, and the exception (its message) reaches the main program at the
 * group's barrier ({@link BraidGroup#close()} or {@link Braid#barrierGroup(String)}).
 */
public class BraidException extends Exception {
    private static final long serialVersionUID = 2L;

    public BraidException(String errorMessage) {
        super(errorMessage);
    }
}
