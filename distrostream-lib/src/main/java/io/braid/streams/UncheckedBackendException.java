package io.braid.streams;

/**
 * A {@link BackendException} from an operation whose COMPSs signature declares no checked
 * exception ({@link DistroStream#close()}): the stream server could not serve it.
 */
public class UncheckedBackendException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UncheckedBackendException(BackendException cause) {
        super(cause.getMessage(), cause);
    }

    @Override
    public synchronized BackendException getCause() {
        return (BackendException) super.getCause();
    }
}
