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
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.EncoderException;

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
 * They are made on a type's first use, and the mapper on the first Jackson-encoded message:
 * making them for every registered type at class initialisation was most of a worker's
 * event-loop CPU at start-up (Jackson's introspection of about twenty records, interpreted), and
 * queued that code for the JIT compilers in every worker JVM (docs/performance/clusters.md).
 */
public final class MessageCodec {

    /** Holder of the mapper: Jackson is loaded when the first Jackson-encoded message is. */
    private static final class Jackson {
        static final ObjectMapper MAPPER = SmileMapper.builder(
                        SmileFactory.builder().disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT)
                                .disable(SmileGenerator.Feature.CHECK_SHARED_NAMES).build())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS) // Shutdown has no fields
                .build();
    }

    private static final List<BodyCodec<?>> HAND_WRITTEN = List.of(RunTaskBody.INSTANCE, TaskDoneBody.INSTANCE);

    /** By tag: the registered type, its hand-written body (or null), its Jackson reader once made. */
    private static final Class<?>[] TYPES = new Class<?>[256];
    private static final BodyCodec<?>[] BODIES = new BodyCodec<?>[256];
    private static final ObjectReader[] READERS = new ObjectReader[256];
    private static final Map<Class<?>, TypeCodec> WRITERS;

    /**
     * How one type is written: its hand-written body, or else Jackson's writer, made on first use
     * (a race makes it twice, the same immutable writer).
     */
    private static final class TypeCodec {
        final int tag;
        final BodyCodec<Message> body;
        private final Class<?> type;
        private ObjectWriter writer;

        TypeCodec(int tag, Class<?> type, BodyCodec<Message> body) {
            this.tag = tag;
            this.type = type;
            this.body = body;
        }

        ObjectWriter writer() {
            ObjectWriter w = writer;
            if (w == null) {
                w = Jackson.MAPPER.writerFor(type);
                writer = w;
            }
            return w;
        }
    }

    static {
        Map<Class<?>, TypeCodec> writers = new HashMap<>();
        for (MessageTypes.Entry e : MessageTypes.all()) {
            @SuppressWarnings("unchecked")
            BodyCodec<Message> body = (BodyCodec<Message>) HAND_WRITTEN.stream()
                    .filter(b -> b.type() == e.type()).findFirst().orElse(null);
            TYPES[e.tag()] = e.type();
            BODIES[e.tag()] = body;
            writers.put(e.type(), new TypeCodec(e.tag(), e.type(), body));
        }
        WRITERS = Map.copyOf(writers);
    }

    private MessageCodec() {
    }

    /** The Jackson reader of {@code tag}'s type, made on first use (a race makes it twice, the same immutable reader). */
    private static ObjectReader reader(int tag) {
        ObjectReader r = READERS[tag];
        if (r == null) {
            r = Jackson.MAPPER.readerFor(TYPES[tag]);
            READERS[tag] = r;
        }
        return r;
    }

    /** Writes tag + body of {@code message} at the writer index of {@code out}. */
    public static void encode(Message message, ByteBuf out) {
        TypeCodec codec = WRITERS.get(message.getClass());
        if (codec == null) {
            throw new EncoderException("message type " + message.getClass().getName() + " is not registered in MessageTypes");
        }
        out.writeByte(codec.tag);
        if (codec.body != null) {
            codec.body.write(message, out);
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
        if (TYPES[tag] == null) {
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
        ObjectReader reader = reader(tag);
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

    /**
     * Messages to frame bytes, the frames of one flush in one buffer: the messages written
     * between two flushes are encoded one after the other into a buffer that goes down the
     * pipeline at the flush (or once it holds {@link #BATCH_BYTES}), so the handlers below it (the
     * idle detector, TLS, Netty's outbound buffer) see one write per flush instead of one per
     * message: a task's messages used to cost a buffer, an outbound-buffer entry and, under the
     * idle detector, a promise and a listener each. A write with a promise of its own ends the
     * batch: that promise completes when the batch so far, its message last, is written. A message
     * larger than {@link #ALONE_BYTES} (a data chunk) is encoded alone in a buffer of its size.
     * One per channel: it holds the batch being filled.
     */
    public static final class Encoder extends ChannelOutboundHandlerAdapter {
        /** A batch this large goes down without waiting for the flush. */
        static final int BATCH_BYTES = 64 * 1024;
        /** Messages of at least this size hint are encoded into a buffer of their own. */
        static final int ALONE_BYTES = 16 * 1024;

        private ByteBuf batch;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!(msg instanceof Message message)) {
                passBatch(ctx);
                ctx.write(msg, promise);
                return;
            }
            int hint = message instanceof DataChunk chunk && chunk.bytes() != null ? chunk.bytes().length + 256 : 256;
            ByteBuf out;
            if (hint >= ALONE_BYTES) {
                passBatch(ctx);
                out = ctx.alloc().ioBuffer(hint);
            } else {
                if (batch == null) {
                    batch = ctx.alloc().ioBuffer(4096);
                }
                out = batch;
            }
            try {
                encodeFrame(message, out); // on failure it leaves out as it was
            } catch (RuntimeException e) {
                if (out != batch) {
                    out.release();
                }
                promise.setFailure(e instanceof EncoderException ? e : new EncoderException(e));
                return;
            }
            if (out != batch) {
                ctx.write(out, promise);
            } else if (!promise.isVoid()) {
                batch = null;
                ctx.write(out, promise);
            } else if (out.readableBytes() >= BATCH_BYTES) {
                passBatch(ctx);
            }
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            passBatch(ctx);
            ctx.flush();
        }

        @Override
        public void close(ChannelHandlerContext ctx, ChannelPromise promise) throws Exception {
            dropBatch(); // never flushed: Netty would fail it too
            ctx.close(promise);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            dropBatch();
        }

        private void passBatch(ChannelHandlerContext ctx) {
            if (batch != null) {
                ByteBuf b = batch;
                batch = null;
                ctx.write(b, ctx.voidPromise());
            }
        }

        private void dropBatch() {
            if (batch != null) {
                batch.release();
                batch = null;
            }
        }
    }
}
