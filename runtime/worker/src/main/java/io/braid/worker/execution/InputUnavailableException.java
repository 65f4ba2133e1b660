package io.braid.worker.execution;

import java.io.IOException;

/** A job's input could not be brought to this worker; the task itself never ran. */
final class InputUnavailableException extends RuntimeException {
    InputUnavailableException(IOException cause) {
        super(cause.getMessage(), cause);
    }
}
