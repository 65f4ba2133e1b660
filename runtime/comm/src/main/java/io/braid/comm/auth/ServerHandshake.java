package io.braid.comm.auth;

import io.braid.comm.settings.CommSettings;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Consumer;

/**
 * The accepting side of the handshake (see {@link HandshakeFrames}). It is the last handler of a
 * fresh connection: nothing behind it decodes anything. It sends HELLO, then reads at most the
 * {@value HandshakeFrames#PROOF_LENGTH}-byte PROOF. A good proof: it answers ACCEPTED with its own
 * proof, installs the rest of the pipeline ({@code install}), passes {@code channelActive} on to
 * it and removes itself. Anything else (another first frame, a wrong proof, more bytes than the
 * proof, no proof within the timeout, an error) closes the connection, logs one WARN naming the
 * remote address and why, and tells the security's refusal listener. Not sharable.
 */
final class ServerHandshake extends HandshakeSide {

    private static final Logger LOG = LoggerFactory.getLogger(ServerHandshake.class);

    private final ConnectionSecurity security;
    private final String serverName;
    private final Consumer<ChannelPipeline> install;
    private final byte[] serverNonce = RunSecret.nonce();

    ServerHandshake(ConnectionSecurity security, String serverName, Consumer<ChannelPipeline> install) {
        super(HandshakeFrames.PROOF_LENGTH);
        this.security = security;
        this.serverName = serverName;
        this.install = install;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        // Not passed on: the handlers behind this one see the connection once it is authenticated.
        startTimeout(ctx, security.handshakeTimeoutMs(), () -> refuse(ctx, Refusal.Reason.TIMEOUT,
                "no handshake within " + security.handshakeTimeoutMs() + " ms (-D"
                + CommSettings.HANDSHAKE_TIMEOUT_MS.property() + ")"));
        ctx.writeAndFlush(HandshakeFrames.hello(ctx.alloc(), serverNonce));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (finished || !(msg instanceof ByteBuf in)) {
                return;
            }
            int take = Math.min(in.readableBytes(), received.writableBytes());
            in.readBytes(received, take);
            if (received.readableBytes() >= HandshakeFrames.PREFIX_LENGTH) {
                String bad = HandshakeFrames.checkPrefix(received, HandshakeFrames.PROOF);
                if (bad != null) {
                    refuse(ctx, Refusal.Reason.NO_HANDSHAKE, bad);
                    return;
                }
            }
            if (in.isReadable()) {
                // A client waits for our answer after its proof: more bytes are an attempt to make us buffer.
                refuse(ctx, Refusal.Reason.OVERSIZE, "sent more than the " + HandshakeFrames.PROOF_LENGTH
                        + "-byte handshake before being authenticated");
                return;
            }
            if (received.writableBytes() == 0) {
                check(ctx);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void check(ChannelHandlerContext ctx) {
        byte[] clientNonce = HandshakeFrames.bytes(received, HandshakeFrames.PREFIX_LENGTH, HandshakeFrames.NONCE_LENGTH);
        byte[] mac = HandshakeFrames.bytes(received, HandshakeFrames.PREFIX_LENGTH + HandshakeFrames.NONCE_LENGTH,
                HandshakeFrames.MAC_LENGTH);
        RunSecret secret = security.secret();
        if (!HandshakeFrames.sameMac(mac, secret.mac(HandshakeFrames.CLIENT_LABEL, serverNonce, clientNonce))) {
            // Saying "refused" tells the peer nothing it did not know, and lets a misconfigured worker say why.
            ctx.writeAndFlush(HandshakeFrames.result(ctx.alloc(), false, new byte[HandshakeFrames.MAC_LENGTH]));
            refuse(ctx, Refusal.Reason.WRONG_PROOF, "wrong proof of the secret (a process of another run, or"
                    + " started with another secret)");
            return;
        }
        finished = true;
        cancelTimeout();
        ctx.writeAndFlush(HandshakeFrames.result(ctx.alloc(), true,
                secret.mac(HandshakeFrames.SERVER_LABEL, serverNonce, clientNonce)));
        install.accept(ctx.pipeline());
        ctx.fireChannelActive();
        ctx.pipeline().remove(this);
    }

    private void refuse(ChannelHandlerContext ctx, Refusal.Reason reason, String detail) {
        if (finished) {
            return;
        }
        finished = true;
        cancelTimeout();
        ctx.channel().config().setAutoRead(false); // read nothing more from it
        LOG.warn("{} refused the connection from {}: {}", serverName, ctx.channel().remoteAddress(), detail);
        security.refused(new Refusal(serverName, ctx.channel().remoteAddress(), reason, detail));
        // Flush whatever answer is queued, then close.
        ctx.writeAndFlush(ctx.alloc().buffer(0)).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!finished) {
            finished = true;
            cancelTimeout();
            // A peer that connects and leaves without a word (a port probe) sent nothing to refuse.
            if (received.isReadable()) {
                LOG.warn("{}: the connection from {} closed during the handshake", serverName,
                        ctx.channel().remoteAddress());
            } else {
                LOG.debug("{}: the connection from {} closed before the handshake", serverName,
                        ctx.channel().remoteAddress());
            }
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable root = cause.getCause() != null && cause instanceof io.netty.handler.codec.DecoderException
                ? cause.getCause() : cause;
        refuse(ctx, Refusal.Reason.ERROR, "the handshake failed: " + root.getMessage());
    }
}
