package io.braid.comm.codec;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;

/** The one pipeline shape of every Braid connection: flush batching, framing, messages, business. */
public final class BraidPipeline {

    /** Flushes issued outside a read are still written at least every this many flushes. */
    public static final int EXPLICIT_FLUSH_AFTER_FLUSHES = 256;

    private BraidPipeline() {
    }

    /**
     * Adds, in order: a {@link FlushConsolidationHandler} (so a burst of writeAndFlush becomes few
     * syscalls), the frame decoder and encoder, the message decoder and encoder, then
     * {@code handler}, which receives {@link io.braid.comm.message.Message}s and may write them.
     */
    public static ChannelPipeline init(ChannelPipeline p, ChannelHandler handler) {
        return p.addLast("flushConsolidation", new FlushConsolidationHandler(EXPLICIT_FLUSH_AFTER_FLUSHES, true))
                .addLast("frameDecoder", new FrameCodec.Decoder())
                .addLast("frameEncoder", FrameCodec.Encoder.INSTANCE)
                .addLast("messageDecoder", MessageCodec.Decoder.INSTANCE)
                .addLast("messageEncoder", MessageCodec.Encoder.INSTANCE)
                .addLast("handler", handler);
    }
}
