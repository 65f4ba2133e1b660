package io.braid.comm.auth;

import java.net.SocketAddress;

/**
 * A connection a server closed before it proved it belongs to the run: who ({@code remote}), to
 * which server ({@code server}, e.g. "master"), and why.
 */
public record Refusal(String server, SocketAddress remote, Reason reason, String detail) {

    /** Why a connection was refused. */
    public enum Reason {
        /** The first bytes were not a Braid handshake (no secret, another protocol, or a version mismatch). */
        NO_HANDSHAKE,
        /** The proof did not match this run's secret. */
        WRONG_PROOF,
        /** More bytes than the handshake frame arrived before the peer was authenticated. */
        OVERSIZE,
        /** No complete handshake within the timeout. */
        TIMEOUT,
        /** The connection failed during the handshake (TLS error, reset). */
        ERROR
    }
}
