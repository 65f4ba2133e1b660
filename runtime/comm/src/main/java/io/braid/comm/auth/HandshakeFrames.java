package io.braid.comm.auth;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.security.MessageDigest;

/**
 * The three fixed-size frames of the authentication handshake that opens every Braid connection,
 * before any Braid frame:
 *
 * <pre>
 * server -> client  HELLO   magic "BRDA", version, kind 1, server nonce (32)                      38 bytes
 * client -> server  PROOF   magic, version, kind 2, client nonce (32), HMAC(secret, CLIENT|Ns|Nc)  70 bytes
 * server -> client  RESULT  magic, version, kind 3 (accepted) or 4 (refused), HMAC(secret, SERVER|Ns|Nc) 38 bytes
 * </pre>
 *
 * The labels make a client's proof useless as a server's (no reflection), the nonces make every
 * proof good for one connection only (no replay), and the server's proof lets a client refuse a
 * server that does not hold the secret (an impostor master or data server).
 */
final class HandshakeFrames {

    static final int MAGIC = 0x42524441; // "BRDA"
    static final int VERSION = 1;
    static final int NONCE_LENGTH = 32;
    static final int MAC_LENGTH = 32;
    static final int PREFIX_LENGTH = 6;

    static final int HELLO = 1;
    static final int PROOF = 2;
    static final int ACCEPTED = 3;
    static final int REFUSED = 4;

    static final int HELLO_LENGTH = PREFIX_LENGTH + NONCE_LENGTH;
    static final int PROOF_LENGTH = PREFIX_LENGTH + NONCE_LENGTH + MAC_LENGTH;
    static final int RESULT_LENGTH = PREFIX_LENGTH + MAC_LENGTH;

    static final String CLIENT_LABEL = "braid-auth-v1 client";
    static final String SERVER_LABEL = "braid-auth-v1 server";

    private HandshakeFrames() {
    }

    static ByteBuf hello(ByteBufAllocator alloc, byte[] serverNonce) {
        return prefix(alloc, HELLO_LENGTH, HELLO).writeBytes(serverNonce);
    }

    static ByteBuf proof(ByteBufAllocator alloc, byte[] clientNonce, byte[] mac) {
        return prefix(alloc, PROOF_LENGTH, PROOF).writeBytes(clientNonce).writeBytes(mac);
    }

    static ByteBuf result(ByteBufAllocator alloc, boolean accepted, byte[] mac) {
        return prefix(alloc, RESULT_LENGTH, accepted ? ACCEPTED : REFUSED).writeBytes(mac);
    }

    private static ByteBuf prefix(ByteBufAllocator alloc, int length, int kind) {
        return alloc.buffer(length).writeInt(MAGIC).writeByte(VERSION).writeByte(kind);
    }

    /**
     * Checks the prefix of {@code frame} (at least {@link #PREFIX_LENGTH} readable bytes, not
     * consumed): null when it is a frame of one of {@code kinds}, else why not.
     */
    static String checkPrefix(ByteBuf frame, int... kinds) {
        int at = frame.readerIndex();
        if (frame.getInt(at) != MAGIC) {
            return "sent no Braid handshake (a peer without the secret, an older Braid, or another protocol)";
        }
        int version = frame.getUnsignedByte(at + 4);
        if (version != VERSION) {
            return "speaks handshake version " + version + ", this process speaks " + VERSION + " (mixed Braid versions?)";
        }
        int kind = frame.getUnsignedByte(at + 5);
        for (int k : kinds) {
            if (k == kind) {
                return null;
            }
        }
        return "sent handshake frame kind " + kind + " out of turn";
    }

    static byte[] bytes(ByteBuf in, int at, int length) {
        byte[] b = new byte[length];
        in.getBytes(in.readerIndex() + at, b);
        return b;
    }

    static boolean sameMac(byte[] a, byte[] b) {
        return MessageDigest.isEqual(a, b); // constant time
    }
}
