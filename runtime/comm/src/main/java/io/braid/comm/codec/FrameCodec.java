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
 * <p>{@link Decoder} turns the byte stream into payload buffers (the length and version are
 * consumed); {@link MessageCodec.Encoder} writes the header with the message, in one buffer.
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
     * Splits the stream into frames and checks the protocol version; emits the payload (tag +
     * body) as a retained slice of the input. A frame of another version closes the channel and
     * raises a {@link DecoderException} naming both versions. Not sharable: it holds the
     * partial frame.
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
                frame.release();
                fail(ctx);
                throw new CorruptedFrameException("frame of " + length + " byte(s) from " + ctx.channel().remoteAddress()
                        + " is shorter than protocol version + message tag");
            }
            int version = frame.readUnsignedByte();
            if (version != PROTOCOL_VERSION) {
                frame.release();
                fail(ctx);
                throw new DecoderException("peer " + ctx.channel().remoteAddress() + " speaks Braid protocol version "
                        + version + ", this process speaks version " + PROTOCOL_VERSION
                        + " (mixed Braid versions?); connection closed");
            }
            return frame;
        }

        private void fail(ChannelHandlerContext ctx) {
            // The rest of the stream cannot be trusted: drop it and disconnect.
            failed = true;
            ctx.close();
        }
    }
}
