package io.braid.comm.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/**
 * Framing of the Braid protocol: {@code int32 length} (of everything after it), {@code byte
 * protocolVersion}, then the payload ({@code byte tag} + body, see {@link MessageCodec}).
 *
 * <p>{@link Decoder} turns the byte stream into messages; {@link MessageCodec.Encoder} writes the
 * header with the message, in one buffer.
 */
public final class FrameCodec {

    /**
     * The protocol version this build speaks; a peer speaking another one is disconnected. 2: the
     * hand-written bodies of RunTask and TaskDone (1: every body in Smile).
     */
    public static final int PROTOCOL_VERSION = 2;
    /** Largest accepted frame, counted as the length field counts it (version + tag + body). */
    public static final int MAX_FRAME_LENGTH = 512 * 1024 * 1024;
    /** Length field + version byte. */
    public static final int HEADER_LENGTH = 5;

    private FrameCodec() {
    }

    /**
     * Splits the stream into frames, checks the protocol version and decodes each frame's payload
     * (tag + body, {@link MessageCodec#decode}) in place: it emits {@link io.braid.comm.message.Message}s.
     * A frame of another version closes the channel and raises a {@link DecoderException} naming
     * both versions. Not sharable: it holds the partial frame.
     *
     * <p>One handler, not a frame decoder and a message decoder: the payload is read where it lies
     * in the input (a slice with no reference count of its own, used before the decode returns),
     * so a message costs no retained slice, release, output list or pipeline step of its own
     * (the per-message code each worker JVM runs, and compiles, again: docs/performance/clusters.md).
     */
    public static final class Decoder extends LengthFieldBasedFrameDecoder {
        private boolean failed;

        public Decoder() {
            // maxFrameLength counts the length field itself; strip it, keep version for the check.
            super(MAX_FRAME_LENGTH + 4, 0, 4, 0, 4, true);
        }

        @Override
        protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
            if (failed) {
                in.skipBytes(in.readableBytes());
                return null;
            }
            ByteBuf frame = (ByteBuf) super.decode(ctx, in);
            if (frame == null) {
                return null;
            }
            if (frame.readableBytes() < 2) {
                int length = frame.readableBytes();
                fail(ctx);
                throw new CorruptedFrameException("frame of " + length + " byte(s) from " + ctx.channel().remoteAddress()
                        + " is shorter than protocol version + message tag");
            }
            int version = frame.readUnsignedByte();
            if (version != PROTOCOL_VERSION) {
                fail(ctx);
                throw new DecoderException("peer " + ctx.channel().remoteAddress() + " speaks Braid protocol version "
                        + version + ", this process speaks version " + PROTOCOL_VERSION
                        + " (mixed Braid versions?); connection closed");
            }
            return MessageCodec.decode(frame);
        }

        /** The frame as a slice of the input without a reference count of its own: it is decoded before {@link #decode} returns. */
        @Override
        protected ByteBuf extractFrame(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
            return buffer.slice(index, length);
        }

        private void fail(ChannelHandlerContext ctx) {
            // The rest of the stream cannot be trusted: drop it and disconnect.
            failed = true;
            ctx.close();
        }
    }
}
