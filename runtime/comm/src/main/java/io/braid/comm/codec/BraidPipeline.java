package io.braid.comm.codec;

import io.braid.comm.auth.ConnectionSecurity;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.util.concurrent.Promise;

/**
 * The one pipeline shape of every Braid connection: [TLS], the authentication handshake, and once
 * the peer proved the run's secret: flush batching, framing, messages, business. Until then the
 * frame and message decoders are not in the pipeline, so nothing an unauthenticated peer sends is
 * framed or deserialised (see {@link ConnectionSecurity}).
 */
public final class BraidPipeline {

    /** Flushes issued outside a read are still written at least every this many flushes. */
    public static final int EXPLICIT_FLUSH_AFTER_FLUSHES = 256;

    private BraidPipeline() {
    }

    /** An accepted connection: {@code handler} is added (with the codec) once the client is authenticated. */
    public static void initServer(ChannelPipeline p, ConnectionSecurity security, String serverName, ChannelHandler handler) {
        security.addServerHandlers(p, serverName, rest -> init(rest, handler));
    }

    /**
     * An outgoing connection to {@code host:port}: {@code handler} is added (with the codec) and
     * {@code ready} completed once both sides proved the secret; {@code ready} fails otherwise.
     */
    public static void initClient(ChannelPipeline p, ConnectionSecurity security, String host, int port,
                                  Promise<Void> ready, ChannelHandler handler) {
        security.addClientHandlers(p, host, port, rest -> init(rest, handler), ready);
    }

    /**
     * Adds, in order: a {@link FlushConsolidationHandler} (so a burst of writeAndFlush becomes few
     * syscalls), the frame decoder (which decodes each frame's message too), the message encoder
     * (which writes the frame header too, and the frames of one flush into one buffer), then
     * {@code handler}, which receives {@link io.braid.comm.message.Message}s and may write them.
     * On a socket this is what the handshake installs; alone, it is for channels that need no
     * authentication (tests on {@code EmbeddedChannel}).
     */
    public static ChannelPipeline init(ChannelPipeline p, ChannelHandler handler) {
        return p.addLast("flushConsolidation", new FlushConsolidationHandler(EXPLICIT_FLUSH_AFTER_FLUSHES, true))
                .addLast("frameDecoder", new FrameCodec.Decoder())
                .addLast("messageEncoder", new MessageCodec.Encoder())
                .addLast("handler", handler);
    }
}
