package io.braid.comm.codec;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import io.braid.comm.message.DataChunk;
import io.braid.comm.message.Message;
import io.braid.comm.message.MessageTypes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.MessageToByteEncoder;
import io.netty.handler.codec.MessageToMessageDecoder;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Payload of a frame: {@code byte tag} (see {@link MessageTypes}) + the Jackson Smile encoding of
 * the record. Smile with raw binary (not 7-bit, not base64) so byte[] fields cost their length.
 * Unknown properties are ignored so that a record can gain fields without breaking older peers.
 *
 * <p>The mapper and the per-type readers and writers are immutable and shared by all channels.
 * A type's reader and writer are built at its first message: building all of them at once took a
 * new JVM 0.1-0.2 s, on the event loop of its first connection, for types most processes never see.
 */
public final class MessageCodec {

    private static final ObjectMapper MAPPER = SmileMapper.builder(
                    SmileFactory.builder().disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT).build())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // Shutdown has no fields
            .build();

    /** Per tag, its type's reader once built (an unregistered tag stays null). */
    private static final AtomicReferenceArray<ObjectReader> READERS = new AtomicReferenceArray<>(256);
    /** Per class, its tag and writer; the tag is -1 for an unregistered class. */
    private static final ClassValue<TypeCodec> WRITERS = new ClassValue<>() {
        @Override
        protected TypeCodec computeValue(Class<?> type) {
            for (MessageTypes.Entry e : MessageTypes.all()) {
                if (e.type() == type) {
                    return new TypeCodec(e.tag(), MAPPER.writerFor(type));
                }
            }
            return new TypeCodec(-1, null);
        }
    };

    private record TypeCodec(int tag, ObjectWriter writer) {
    }

    private MessageCodec() {
    }

    /** Writes tag + body of {@code message} at the writer index of {@code out}. */
    public static void encode(Message message, ByteBuf out) {
        TypeCodec codec = WRITERS.get(message.getClass());
        if (codec.tag() < 0) {
            throw new EncoderException("message type " + message.getClass().getName() + " is not registered in MessageTypes");
        }
        out.writeByte(codec.tag());
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            codec.writer().writeValue((OutputStream) stream, message);
        } catch (IOException e) {
            throw new EncoderException("cannot encode " + message.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** Reads one message (tag + body) from the readable bytes of {@code in}, consuming them. */
    public static Message decode(ByteBuf in) {
        int tag = in.readUnsignedByte();
        ObjectReader reader = reader(tag);
        if (reader == null) {
            throw new DecoderException("unknown message tag " + tag + " (" + in.readableBytes()
                    + " body bytes); the peer may run a newer Braid");
        }
        try {
            Message message;
            if (in.hasArray()) {
                // Heap buffer: parse the backing array in place.
                message = reader.readValue(in.array(), in.arrayOffset() + in.readerIndex(), in.readableBytes());
                in.skipBytes(in.readableBytes());
            } else {
                message = reader.readValue((InputStream) new ByteBufInputStream(in));
            }
            return message;
        } catch (IOException e) {
            throw new DecoderException("cannot decode message tag " + tag + " (" + reader.getValueType()
                    + "): " + e.getMessage(), e);
        }
    }

    /** The reader of the type registered under {@code tag}, built at its first use; null when none is registered. */
    private static ObjectReader reader(int tag) {
        ObjectReader reader = READERS.get(tag);
        if (reader == null) {
            Class<? extends Message> type = MessageTypes.typeOf(tag);
            if (type == null) {
                return null;
            }
            // Two threads may both build it; either result serves.
            reader = MAPPER.readerFor(type);
            READERS.compareAndSet(tag, null, reader);
        }
        return reader;
    }

    /** Message to payload buffer. Stateless, sharable. */
    @ChannelHandler.Sharable
    public static final class Encoder extends MessageToByteEncoder<Message> {
        public static final Encoder INSTANCE = new Encoder();

        private Encoder() {
        }

        @Override
        protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, Message msg, boolean preferDirect) {
            // Size data chunks up front instead of growing a 1 MiB buffer by doubling.
            int hint = msg instanceof DataChunk chunk && chunk.bytes() != null ? chunk.bytes().length + 256 : 256;
            return preferDirect ? ctx.alloc().ioBuffer(hint) : ctx.alloc().heapBuffer(hint);
        }

        @Override
        protected void encode(ChannelHandlerContext ctx, Message msg, ByteBuf out) {
            MessageCodec.encode(msg, out);
        }
    }

    /** Payload buffer to message. Stateless, sharable. */
    @ChannelHandler.Sharable
    public static final class Decoder extends MessageToMessageDecoder<ByteBuf> {
        public static final Decoder INSTANCE = new Decoder();

        private Decoder() {
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf payload, List<Object> out) {
            out.add(MessageCodec.decode(payload));
        }
    }
}
