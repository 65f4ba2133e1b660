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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Payload of a frame: {@code byte tag} (see {@link MessageTypes}) + the body. The two messages of
 * every task ({@link io.braid.comm.message.RunTask}, {@link io.braid.comm.message.TaskDone}) have
 * hand-written bodies ({@link BodyCodec}): Jackson's generator and parser per message were most of
 * the master's I/O threads' time. Every other type is the Jackson Smile encoding of the record. Smile with raw binary (not 7-bit, not base64) so byte[] fields cost their length,
 * and without back-references to field names already written: keeping the table of seen names
 * cost a no-op task about 7% of its throughput (docs/performance/tasks.md, "Where a no-op task's
 * time goes"), for a few bytes per message.
 * Unknown properties are ignored so that a record can gain fields without breaking older peers.
 *
 * <p>The mapper and the per-type readers and writers are immutable and shared by all channels.
 */
public final class MessageCodec {

    private static final ObjectMapper MAPPER = SmileMapper.builder(
                    SmileFactory.builder().disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT)
                            .disable(SmileGenerator.Feature.CHECK_SHARED_NAMES).build())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // Shutdown has no fields
            .build();

    private static final List<BodyCodec<?>> HAND_WRITTEN = List.of(RunTaskBody.INSTANCE, TaskDoneBody.INSTANCE);

    private static final ObjectReader[] READERS = new ObjectReader[256];
    private static final BodyCodec<?>[] BODIES = new BodyCodec<?>[256];
    private static final Map<Class<?>, TypeCodec> WRITERS;

    /** How one type is written: its hand-written body, or else Jackson's writer. */
    private record TypeCodec(int tag, BodyCodec<Message> body, ObjectWriter writer) {
    }

    static {
        Map<Class<?>, TypeCodec> writers = new HashMap<>();
        for (MessageTypes.Entry e : MessageTypes.all()) {
            @SuppressWarnings("unchecked")
            BodyCodec<Message> body = (BodyCodec<Message>) HAND_WRITTEN.stream()
                    .filter(b -> b.type() == e.type()).findFirst().orElse(null);
            BODIES[e.tag()] = body;
            READERS[e.tag()] = MAPPER.readerFor(e.type());
            writers.put(e.type(), new TypeCodec(e.tag(), body, body == null ? MAPPER.writerFor(e.type()) : null));
        }
        WRITERS = Map.copyOf(writers);
    }

    private MessageCodec() {
    }

    /** Writes tag + body of {@code message} at the writer index of {@code out}. */
    public static void encode(Message message, ByteBuf out) {
        TypeCodec codec = WRITERS.get(message.getClass());
        if (codec == null) {
            throw new EncoderException("message type " + message.getClass().getName() + " is not registered in MessageTypes");
        }
        out.writeByte(codec.tag());
        if (codec.body() != null) {
            codec.body().write(message, out);
            return;
        }
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            codec.writer().writeValue((OutputStream) stream, message);
        } catch (IOException e) {
            throw new EncoderException("cannot encode " + message.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /** Reads one message (tag + body) from the readable bytes of {@code in}, consuming them. */
    public static Message decode(ByteBuf in) {
        int tag = in.readUnsignedByte();
        ObjectReader reader = READERS[tag];
        if (reader == null) {
            throw new DecoderException("unknown message tag " + tag + " (" + in.readableBytes()
                    + " body bytes); the peer may run a newer Braid");
        }
        BodyCodec<?> body = BODIES[tag];
        if (body != null) {
            int start = in.readerIndex();
            try {
                Message message = body.read(in);
                in.skipBytes(in.readableBytes()); // fields a newer peer appended
                return message;
            } catch (IndexOutOfBoundsException e) {
                throw new DecoderException("cannot decode message tag " + tag + " (" + body.type().getSimpleName()
                        + "): its body of " + (in.writerIndex() - start) + " bytes ends inside a field", e);
            } catch (DecoderException e) {
                throw new DecoderException("cannot decode message tag " + tag + " (" + body.type().getSimpleName()
                        + "): " + e.getMessage(), e);
            }
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

    /**
     * Writes a whole frame: the header of {@link FrameCodec} (length, protocol version), then tag +
     * body, in one buffer. Fails, and writes nothing, when the frame exceeds the limit.
     */
    public static void encodeFrame(Message message, ByteBuf out) {
        int start = out.writerIndex();
        out.writeInt(0).writeByte(FrameCodec.PROTOCOL_VERSION);
        try {
            encode(message, out);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw e;
        }
        long length = out.writerIndex() - start - 4L;
        if (length > FrameCodec.MAX_FRAME_LENGTH) {
            out.writerIndex(start);
            throw new EncoderException("frame of " + length + " bytes (" + message.getClass().getSimpleName()
                    + ") exceeds the limit of " + FrameCodec.MAX_FRAME_LENGTH + " bytes");
        }
        out.setInt(start, (int) length);
    }

    /** Message to frame buffer (header included: one buffer per message). Stateless, sharable. */
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
            MessageCodec.encodeFrame(msg, out);
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
