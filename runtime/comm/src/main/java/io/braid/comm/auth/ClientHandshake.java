package io.braid.comm.auth;

import io.braid.comm.settings.CommSettings;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Promise;

import java.util.function.Consumer;

/**
 * The connecting side of the handshake (see {@link HandshakeFrames}): reads the server's HELLO,
 * sends its PROOF, and accepts the server only if the server's answer proves the secret too, so a
 * process never talks to an impostor. Then it installs the rest of the pipeline ({@code install}),
 * passes {@code channelActive} and any bytes that followed the answer on to it, removes itself and
 * completes {@code ready}. On any failure {@code ready} fails with an {@link AuthenticationException}
 * saying why, and the connection is closed. Not sharable.
 */
final class ClientHandshake extends HandshakeSide {

    private final ConnectionSecurity security;
    private final Consumer<ChannelPipeline> install;
    private final Promise<Void> ready;
    private final byte[] clientNonce = RunSecret.nonce();
    private byte[] serverNonce;

    ClientHandshake(ConnectionSecurity security, Consumer<ChannelPipeline> install, Promise<Void> ready) {
        super(HandshakeFrames.HELLO_LENGTH);
        this.security = security;
        this.install = install;
        this.ready = ready;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        startTimeout(ctx, security.handshakeTimeoutMs(), () -> fail(ctx, "no handshake from the server within "
                + security.handshakeTimeoutMs() + " ms (is it a Braid server? a starved one: -D"
                + CommSettings.HANDSHAKE_TIMEOUT_MS.property() + ")"));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (finished || !(msg instanceof ByteBuf in)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        boolean passedOn = false;
        try {
            in.readBytes(received, Math.min(in.readableBytes(), received.writableBytes()));
            if (received.writableBytes() > 0) {
                return;
            }
            if (serverNonce == null) {
                String bad = HandshakeFrames.checkPrefix(received, HandshakeFrames.HELLO);
                if (bad != null || in.isReadable()) {
                    fail(ctx, "the server " + (bad != null ? bad : "sent more than its handshake greeting"));
                    return;
                }
                serverNonce = HandshakeFrames.bytes(received, HandshakeFrames.PREFIX_LENGTH, HandshakeFrames.NONCE_LENGTH);
                received.clear();
                ctx.writeAndFlush(HandshakeFrames.proof(ctx.alloc(), clientNonce,
                        security.secret().mac(HandshakeFrames.CLIENT_LABEL, serverNonce, clientNonce)));
                return;
            }
            String bad = HandshakeFrames.checkPrefix(received, HandshakeFrames.ACCEPTED, HandshakeFrames.REFUSED);
            if (bad != null) {
                fail(ctx, "the server " + bad);
                return;
            }
            if (received.getUnsignedByte(received.readerIndex() + 5) == HandshakeFrames.REFUSED) {
                fail(ctx, "the server refused this process's proof of the secret (the secret of another run?)");
                return;
            }
            byte[] mac = HandshakeFrames.bytes(received, HandshakeFrames.PREFIX_LENGTH, HandshakeFrames.MAC_LENGTH);
            if (!HandshakeFrames.sameMac(mac, security.secret().mac(HandshakeFrames.SERVER_LABEL, serverNonce, clientNonce))) {
                fail(ctx, "the server did not prove it holds the secret (not this run's server: an impostor, or"
                        + " another run's)");
                return;
            }
            finished = true;
            cancelTimeout();
            install.accept(ctx.pipeline());
            ctx.fireChannelActive();
            if (in.isReadable()) {
                passedOn = true;
                ctx.fireChannelRead(in); // messages the server sent right behind its answer
            }
            ctx.pipeline().remove(this);
            ready.trySuccess(null);
        } finally {
            if (!passedOn) {
                ReferenceCountUtil.release(msg);
            }
        }
    }

    private void fail(ChannelHandlerContext ctx, String why) {
        fail(ctx, new AuthenticationException(why));
    }

    private void fail(ChannelHandlerContext ctx, AuthenticationException e) {
        if (finished) {
            return;
        }
        finished = true;
        cancelTimeout();
        ctx.channel().config().setAutoRead(false);
        ready.tryFailure(e);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(ctx, "the server closed the connection during the authentication handshake (it refused this"
                + " process? see its log)");
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        fail(ctx, new AuthenticationException("the handshake failed: " + root.getMessage(), root));
    }
}
