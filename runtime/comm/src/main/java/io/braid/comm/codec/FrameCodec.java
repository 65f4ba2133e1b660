package io.braid.comm.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.MessageToMessageEncoder;

import java.util.List;

/**
 * Framing of the Braid protocol: {@code int32 length} (of everything after it), {@code byte
 * protocolVersion}, then the payload ({@code byte tag} + body, see {@link MessageCodec}).
 *
 * <p>{@link Decoder} turns the byte stream into payload buffers (the length and version are
 * consumed); {@link Encoder} prepends the header to a payload buffer without copying it.
 */
public final class FrameCodec {

    /** The protocol version this build speaks; a peer speaking another one is disconnected. */
    public static final int PROTOCOL_VERSION = 1;
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

    /** Prepends length + version to a payload buffer (tag + body). Stateless, sharable. */
    @ChannelHandler.Sharable
    public static final class Encoder extends MessageToMessageEncoder<ByteBuf> {
        public static final Encoder INSTANCE = new Encoder();

        private Encoder() {
        }

        @Override
        protected void encode(ChannelHandlerContext ctx, ByteBuf payload, List<Object> out) {
            int length = payload.readableBytes() + 1;
            if (length > MAX_FRAME_LENGTH || length < 0) {
                throw new EncoderException("frame of " + (payload.readableBytes() + 1L) + " bytes exceeds the limit of "
                        + MAX_FRAME_LENGTH + " bytes");
            }
            ByteBuf header = ctx.alloc().ioBuffer(HEADER_LENGTH);
            header.writeInt(length).writeByte(PROTOCOL_VERSION);
            out.add(header);
            out.add(payload.retain());
        }
    }
}
