package io.braid.comm.auth;

import java.io.IOException;

/** A connection whose authentication handshake failed, seen from the side that opened it. */
public final class AuthenticationException extends IOException {
    public AuthenticationException(String message) {
        super(message);
    }

    public AuthenticationException(String message, Throwable cause) {
        super(message, cause);
    }
}
