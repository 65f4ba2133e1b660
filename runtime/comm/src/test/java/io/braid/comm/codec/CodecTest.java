package io.braid.comm.codec;

import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import io.braid.comm.message.CancelJob;
import io.braid.comm.message.DataChunk;
import io.braid.comm.message.DataLocation;
import io.braid.comm.message.DataMissing;
import io.braid.comm.message.DeleteData;
import io.braid.comm.message.FetchData;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.MessageTypes;
import io.braid.comm.message.CFunctionCall;
import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.ProcessCall;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.Heartbeat;
import io.braid.comm.message.NodeLost;
import io.braid.comm.message.Shutdown;
import io.braid.comm.message.TaskDone;
import io.braid.comm.message.TaskNotParked;
import io.braid.comm.message.TaskFailed;
import io.braid.comm.message.WorkerHello;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.TooLongFrameException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodecTest {

    static byte[] allByteValues(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + 7);
        }
        return bytes;
    }

    static RunTask runTask() {
        List<DataLocation> sources = List.of(new DataLocation("node1", "10.0.0.1", 4000, null),
                new DataLocation("node2", "10.0.0.2", 4001, "/shared/d3v1"));
        return new RunTask(17L, 42L, "com.example.Matmul", "multiply",
                List.of("int", "java.lang.String", "com.example.Block", "java.lang.String", "java.lang.String"), true,
                List.of(new JobParam(JobParam.Kind.OBJECT, "com.example.Block", null, "d1v2", "d1v3", sources, null),
                        new JobParam(JobParam.Kind.VALUE, "int", "12", null, null, List.of(), null),
                        new JobParam(JobParam.Kind.VALUE, "java.lang.String", null, null, null, List.of(), null),
                        new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d3v1", null, sources, "in.txt"),
                        new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d4v1", "d4v2", sources, "out.txt",
                                true)),
                "d9v1", false, 4);
    }

    /**
     * A Java job with a COLLECTION parameter (its header, then its two elements) after a null object
     * of a user class named {@code collection} (a VALUE of that type): both kinds survive the wire.
     */
    static RunTask collectionTask() {
        List<DataLocation> here = List.of(new DataLocation("node1", "10.0.0.1", 4000, null));
        return new RunTask(22L, 46L, "Tasks", "sum", List.of("collection", "java.util.List"), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "collection", null, null, null, List.of(), null),
                        JobParam.collectionHeader(2),
                        new JobParam(JobParam.Kind.OBJECT, "java.lang.Integer", null, "d1v1", null, here, null),
                        new JobParam(JobParam.Kind.OBJECT, "java.lang.Integer", null, "d2v1", null, here, null)),
                "d3v1", false, 1);
    }

    /** A binary/MPI job: every field of its ProcessCall set, nulls inside the per-parameter lists. */
    static RunTask processTask() {
        return new RunTask(18L, 43L, "app.Sim", "simulate", List.of("int", "java.lang.String"), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "int", "2", null, null, List.of(), null),
                        new JobParam(JobParam.Kind.FILE, "java.lang.String", null, null, "d2v1", List.of(), "out.txt")),
                "d3v1", false, 2, 5000L,
                new ProcessCall(true, "${SIM}", "/tmp/wd", "mpirun", List.of("--oversubscribe"), 4, true,
                        java.util.Arrays.asList("-n=", null), java.util.Arrays.asList(null, "STDOUT"), true));
    }

    /** A Python job: a by-value pickle (Base64), an INOUT object, a FILE_OUT, and its return slot last. */
    static RunTask foreignTask() {
        return new RunTask(19L, 44L, "app.tasks", "increment", List.of(), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "bytes", "gASVAwAAAAAAAABLAy4=", null, null, List.of(), null),
                        new JobParam(JobParam.Kind.OBJECT, "object", null, "d5v1", "d5v2",
                                List.of(new DataLocation("master", "127.0.0.1", 4000, null)), null),
                        new JobParam(JobParam.Kind.FILE, "file", null, null, "d6v1", List.of(), "out.txt"),
                        new JobParam(JobParam.Kind.OBJECT, "object", null, null, "d7v1", List.of(), null)),
                null, true, 0, 3000L, null,
                new ForeignCall(ForeignCall.PYTHON, "app.tasks", "increment", "/home/u/app", 1));
    }

    /** A C function job of a Java application: a by-value double, an INOUT byte[], a FILE. */
    static RunTask cFunctionTask() {
        return new RunTask(21L, 45L, "app.MainItf", "scale", List.of("double", "[B", "java.lang.String"), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "double", "2.5", null, null, List.of(), null),
                        new JobParam(JobParam.Kind.OBJECT, "[B", null, "d8v1", "d8v2",
                                List.of(new DataLocation("master", "127.0.0.1", 4000, null)), null),
                        new JobParam(JobParam.Kind.FILE, "java.lang.String", null, null, "d9v1", List.of(), "out.txt")),
                "d10v1", false, 1, 0L, null, null, new CFunctionCall("${APP_LIBS}/libsim.so", "scale", "int"));
    }

    /** One sample of every message type, with all fields set; equal-by-value (no byte[]) except DataChunk. */
    static List<Message> samples() {
        return List.of(
                new WorkerHello("node1", "192.168.1.7", 43211, 987654321L, "/tmp/braid/worker-node1.log"),
                runTask(),
                processTask(),
                foreignTask(),
                cFunctionTask(),
                collectionTask(),
                new TaskDone(17L, List.of("d9v1", "d1v3"), List.of(123L, 5_000_000_000L), 1_700_000_000_000_000L, 1_234_567L,
                        "compute-executor-2"),
                new TaskFailed(18L, "java.lang.ArithmeticException: / by zero\n\tat com.example.Matmul.multiply(Matmul.java:12)"),
                new Shutdown(),
                new Heartbeat(),
                new NodeLost("127.0.0.3", "127.0.0.3", 4567),
                new CancelJob(19L, "group g was cancelled by the main program"),
                new TaskNotParked(23L),
                new TaskNotParked(Long.MIN_VALUE),
                new TaskFailed(20L, "io.braid.api.BraidException: stop", false, "stop"),
                new TaskFailed(22L, "CFunctionUnavailableException: library libx.so has no symbol f", false, null, true),
                new DeleteData(List.of("d1v1", "d1v2", "d12v3")),
                new FetchData(Long.MAX_VALUE, "d12v3"),
                new DataChunk(5L, "d12v3", true, allByteValues(1000), false, 3_000_000_000L),
                new DataMissing(6L, "d7v1", "not held by /127.0.0.1:4000"));
    }

    static EmbeddedChannel codecChannel() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(new FrameCodec.Decoder(), new MessageCodec.Encoder());
        return ch;
    }

    /** The exact bytes a channel writes for these messages. */
    static byte[] encode(Message... messages) {
        EmbeddedChannel ch = codecChannel();
        for (Message m : messages) {
            assertTrue(ch.writeOutbound(m));
        }
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            all.writeBytes(b);
            b.release();
        }
        ch.finishAndReleaseAll();
        byte[] bytes = new byte[all.readableBytes()];
        all.readBytes(bytes);
        return bytes;
    }

    static List<Message> decode(EmbeddedChannel ch) {
        List<Message> out = new ArrayList<>();
        for (Object m; (m = ch.readInbound()) != null; ) {
            out.add((Message) m);
        }
        return out;
    }

    static Message roundTrip(Message m) {
        EmbeddedChannel ch = codecChannel();
        ch.writeInbound(Unpooled.wrappedBuffer(encode(m)));
        List<Message> decoded = decode(ch);
        assertEquals(1, decoded.size());
        assertFalse(ch.finish());
        return decoded.get(0);
    }

    static void assertChunkEquals(DataChunk expected, Message actual) {
        DataChunk c = assertInstanceOf(DataChunk.class, actual);
        assertEquals(expected.requestId(), c.requestId());
        assertEquals(expected.dataName(), c.dataName());
        assertEquals(expected.isFile(), c.isFile());
        assertArrayEquals(expected.bytes(), c.bytes());
        assertEquals(expected.last(), c.last());
        assertEquals(expected.totalSize(), c.totalSize());
    }

    @Test
    void samplesCoverEveryRegisteredType() {
        Set<Class<?>> sampled = samples().stream().map(Object::getClass).collect(Collectors.toSet());
        Set<Class<?>> registered = MessageTypes.all().stream().map(MessageTypes.Entry::type).collect(Collectors.toSet());
        assertEquals(registered, sampled);
        assertEquals(13, registered.size());
    }

    @Test
    void registryTags() {
        assertEquals(1, MessageTypes.tagOf(WorkerHello.class));
        assertEquals(2, MessageTypes.tagOf(RunTask.class));
        assertEquals(3, MessageTypes.tagOf(TaskDone.class));
        assertEquals(4, MessageTypes.tagOf(TaskFailed.class));
        assertEquals(5, MessageTypes.tagOf(Shutdown.class));
        assertEquals(6, MessageTypes.tagOf(DeleteData.class));
        assertEquals(7, MessageTypes.tagOf(FetchData.class));
        assertEquals(8, MessageTypes.tagOf(DataChunk.class));
        assertEquals(9, MessageTypes.tagOf(DataMissing.class));
        assertEquals(DataMissing.class, MessageTypes.typeOf(9));
        assertEquals(12, MessageTypes.tagOf(CancelJob.class));
        assertEquals(13, MessageTypes.tagOf(TaskNotParked.class));
        assertEquals(TaskNotParked.class, MessageTypes.typeOf(13));
        assertNull(MessageTypes.typeOf(0));
        assertNull(MessageTypes.typeOf(200));
        assertNull(MessageTypes.typeOf(-1));
        assertNull(MessageTypes.typeOf(256));
        record Unregistered() implements Message { }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MessageTypes.tagOf(Unregistered.class));
        assertTrue(e.getMessage().contains("Unregistered"), e.getMessage());
    }

    @Test
    void everyTypeRoundTripsWithAllFields() {
        for (Message m : samples()) {
            Message back = roundTrip(m);
            if (m instanceof DataChunk chunk) {
                assertChunkEquals(chunk, back);
            } else {
                assertEquals(m, back, m.getClass().getSimpleName());
            }
        }
    }

    @Test
    void aCollectionHeaderIsAKindOfItsOwnAndAValueOfTypeCollectionIsNone() {
        RunTask decoded = (RunTask) roundTrip(collectionTask());
        JobParam userValue = decoded.params().get(0);
        JobParam header = decoded.params().get(1);
        assertEquals(JobParam.Kind.VALUE, userValue.kind());
        assertEquals("collection", userValue.javaType());
        assertTrue(!userValue.isCollectionHeader(), "a VALUE of a user type named collection was taken for a header");
        assertEquals(JobParam.Kind.COLLECTION, header.kind());
        assertTrue(header.isCollectionHeader());
        assertEquals(2, header.collectionSize());
    }

    @Test
    void nullsAndEmptyListsRoundTrip() {
        List<Message> messages = List.of(
                new WorkerHello(null, null, 0, -1L, null),
                new RunTask(0, 0, "C", "m", List.of(), false, List.of(), null, true, 0),
                new RunTask(1, 2, null, null, null, false, null, null, false, 1),
                new TaskDone(3L, List.of(), List.of(), 0L, 0L, ""),
                new TaskDone(4L, null, null, Long.MAX_VALUE, Long.MIN_VALUE, null),
                new TaskDone(6L, List.of("d2v1", "d3v1"), List.of(1L, 2L), 0L, 0L, "e",
                        java.util.Arrays.asList("/wd/d2v1_x.txt", null)),
                new TaskFailed(5L, null),
                new DeleteData(List.of()),
                new DeleteData(null),
                new FetchData(0L, null),
                new DataMissing(7L, "d1v1", null));
        for (Message m : messages) {
            assertEquals(m, roundTrip(m));
        }
        assertChunkEquals(new DataChunk(1L, "d1v1", false, new byte[0], true),
                roundTrip(new DataChunk(1L, "d1v1", false, new byte[0], true)));
        DataChunk nullBytes = assertInstanceOf(DataChunk.class, roundTrip(new DataChunk(2L, null, true, null, true)));
        assertNull(nullBytes.bytes());
        assertNull(nullBytes.dataName());
        assertTrue(nullBytes.isFile());
        assertTrue(nullBytes.last());
    }

    @Test
    void wireLayoutIsLengthVersionTagBody() {
        byte[] frame = encode(new FetchData(9L, "d1v1"));
        ByteBuf b = Unpooled.wrappedBuffer(frame);
        assertEquals(frame.length - 4, b.readInt());
        assertEquals(FrameCodec.PROTOCOL_VERSION, b.readByte());
        assertEquals(7, b.readByte());
        assertEquals((byte) ':', b.readByte()); // Smile header ":)\n"
        assertEquals((byte) ')', b.readByte());
        // A hand-written body: the fields themselves, no Smile header; one frame per buffer.
        EmbeddedChannel ch = codecChannel();
        assertTrue(ch.writeOutbound(new TaskDone(5L, List.of(), List.of(), 1L, 2L, "e")));
        ByteBuf one = ch.readOutbound();
        assertNull(ch.readOutbound());
        assertEquals(one.readableBytes() - 4, one.readInt());
        assertEquals(FrameCodec.PROTOCOL_VERSION, one.readByte());
        assertEquals(3, one.readByte());
        assertEquals(5L, one.readLong());
        one.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void byteArraysTravelRaw() {
        byte[] content = allByteValues(100_000);
        byte[] frame = encode(new DataChunk(1L, "d1v1", false, content, true));
        // base64 would be 133 KB and Smile's 7-bit encoding 114 KB; raw is content + a few dozen bytes.
        assertTrue(frame.length > content.length && frame.length < content.length + 100, "frame length " + frame.length);
    }

    @Test
    void framesSplitAcrossBuffersAreReassembled() {
        List<Message> sent = samples();
        byte[] stream = encode(sent.toArray(new Message[0]));
        EmbeddedChannel ch = codecChannel();
        for (byte b : stream) {
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        List<Message> received = decode(ch);
        assertEquals(sent.size(), received.size());
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i) instanceof DataChunk chunk) {
                assertChunkEquals(chunk, received.get(i));
            } else {
                assertEquals(sent.get(i), received.get(i));
            }
        }
        assertFalse(ch.finish());
    }

    @Test
    void severalFramesInOneBuffer() {
        byte[] stream = encode(new FetchData(1, "a"), new Shutdown(), new FetchData(2, "b"));
        EmbeddedChannel ch = codecChannel();
        ch.writeInbound(Unpooled.wrappedBuffer(stream));
        assertEquals(List.of(new FetchData(1, "a"), new Shutdown(), new FetchData(2, "b")), decode(ch));
    }

    @Test
    void otherProtocolVersionIsRejectedAndChannelClosed() {
        byte[] frame = encode(new Shutdown());
        frame[4] = 1; // a build from before the hand-written bodies
        EmbeddedChannel ch = codecChannel();
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(Unpooled.wrappedBuffer(frame)));
        assertTrue(e.getMessage().contains("speaks Braid protocol version 1, this process speaks version 2"), e.getMessage());
        assertFalse(ch.isOpen());
        assertNull(ch.readInbound());
    }

    @Test
    void unknownTagIsRejected() {
        byte[] frame = encode(new Shutdown());
        frame[5] = (byte) 200;
        EmbeddedChannel ch = codecChannel();
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(Unpooled.wrappedBuffer(frame)));
        assertTrue(e.getMessage().startsWith("unknown message tag 200 "), e.getMessage());
    }

    @Test
    void frameAboveLimitIsRejected() {
        EmbeddedChannel ch = codecChannel();
        ByteBuf header = Unpooled.buffer().writeInt(FrameCodec.MAX_FRAME_LENGTH + 1).writeByte(FrameCodec.PROTOCOL_VERSION)
                .writeByte(5);
        assertThrows(TooLongFrameException.class, () -> ch.writeInbound(header));
        // Exactly the limit is accepted (only the header arrives: the decoder waits for the body).
        EmbeddedChannel ok = codecChannel();
        assertFalse(ok.writeInbound(Unpooled.buffer().writeInt(FrameCodec.MAX_FRAME_LENGTH)
                .writeByte(FrameCodec.PROTOCOL_VERSION).writeByte(5)));
        assertTrue(ok.isOpen());
        ok.finishAndReleaseAll();
    }

    @Test
    void truncatedFrameIsRejected() {
        EmbeddedChannel ch = codecChannel();
        DecoderException e = assertThrows(DecoderException.class,
                () -> ch.writeInbound(Unpooled.buffer().writeInt(1).writeByte(FrameCodec.PROTOCOL_VERSION)));
        assertTrue(e.getMessage().contains("shorter than protocol version + message tag"), e.getMessage());
        assertFalse(ch.isOpen());
    }

    @Test
    void unregisteredMessageCannotBeEncoded() {
        record Unregistered(int x) implements Message { }
        EmbeddedChannel ch = codecChannel();
        EncoderException e = assertThrows(EncoderException.class, () -> ch.writeOutbound(new Unregistered(1)));
        assertTrue(e.getMessage().contains("not registered in MessageTypes"), e.getMessage());
    }

    @Test
    void unknownFieldsFromANewerPeerAreIgnored() throws Exception {
        byte[] body = SmileMapper.builder().build().writeValueAsBytes(
                Map.of("requestId", 3, "dataName", "d2v2", "priority", "high"));
        ByteBuf frame = Unpooled.buffer().writeInt(body.length + 2).writeByte(FrameCodec.PROTOCOL_VERSION).writeByte(7)
                .writeBytes(body);
        EmbeddedChannel ch = codecChannel();
        ch.writeInbound(frame);
        assertEquals(List.of(new FetchData(3, "d2v2")), decode(ch));
    }

    @Test
    void theFrameDecoderEmitsMessagesDecodedInPlaceAndReleasesItsInput() {
        // Two reads: frames 1-2 and the first half of frame 3, then the rest of frame 3 and frame 4.
        Message[] messages = {new RunTask(1, 1, "C", "m", List.of(), false, List.of(), null, false, 1),
                new TaskDone(1L, List.of("d1v1"), List.of(4L), 0, 0, "e"), new CancelJob(2L, "why"), new Heartbeat()};
        byte[] bytes = encode(messages);
        int cut = encode(messages[0], messages[1]).length + 3;
        ByteBuf first = io.netty.buffer.PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(bytes, 0, cut);
        ByteBuf second = io.netty.buffer.PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(bytes, cut, bytes.length - cut);
        EmbeddedChannel ch = new EmbeddedChannel(new FrameCodec.Decoder());
        ch.writeInbound(first);
        List<Message> got = decode(ch);
        ch.writeInbound(second);
        got.addAll(decode(ch));
        assertEquals(List.of(messages), got);
        assertEquals(0, first.refCnt(), "the first read's buffer is released");
        assertEquals(0, second.refCnt(), "the second read's buffer is released");
        assertFalse(ch.finish(), "nothing left over");
    }

    @Test
    void pipelineOrder() {
        EmbeddedChannel ch = new EmbeddedChannel();
        BraidPipeline.init(ch.pipeline(), new ChannelInboundHandlerAdapter());
        List<String> names = new ArrayList<>(ch.pipeline().names());
        names.remove(names.size() - 1); // EmbeddedChannel's own tail entry
        assertEquals(Arrays.asList("flushConsolidation", "frameDecoder", "messageEncoder", "handler"),
                names);
    }

    @Test
    void fullPipelineDeliversMessagesToTheHandler() {
        List<Message> got = new ArrayList<>();
        EmbeddedChannel ch = new EmbeddedChannel();
        BraidPipeline.init(ch.pipeline(), new io.netty.channel.SimpleChannelInboundHandler<Message>() {
            @Override
            protected void channelRead0(io.netty.channel.ChannelHandlerContext ctx, Message msg) {
                got.add(msg);
                ctx.writeAndFlush(new FetchData(99, "reply"));
            }
        });
        ch.writeInbound(Unpooled.wrappedBuffer(encode(runTask())));
        assertEquals(List.of(runTask()), got);
        ByteBuf out = Unpooled.buffer();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            out.writeBytes(b);
            b.release();
        }
        byte[] reply = new byte[out.readableBytes()];
        out.readBytes(reply);
        assertArrayEquals(encode(new FetchData(99, "reply")), reply);
    }

    @Test
    void theFramesOfOneFlushGoDownInOneBuffer() {
        EmbeddedChannel ch = codecChannel();
        List<Message> sent = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            sent.add(new TaskDone(i + 1, List.of("d" + i + "v1"), List.of(8L), 1L, 2L, "compute-executor-1"));
            ch.write(sent.get(i), ch.voidPromise());
        }
        assertNull(ch.readOutbound(), "nothing goes down before the flush");
        ch.flush();
        ByteBuf one = ch.readOutbound();
        assertNull(ch.readOutbound(), "one buffer for the whole flush");
        EmbeddedChannel reader = codecChannel();
        reader.writeInbound(one);
        assertEquals(sent, decode(reader));
        ch.finishAndReleaseAll();
        reader.finishAndReleaseAll();
    }

    @Test
    void aWriteWithItsOwnPromiseEndsTheBatchAndALargeChunkGoesAlone() {
        EmbeddedChannel ch = codecChannel();
        ch.write(new FetchData(1, "d1v1"), ch.voidPromise());
        var promise = ch.newPromise();
        ch.write(new FetchData(2, "d2v1"), promise);
        DataChunk big = new DataChunk(3L, "d3v1", true, allByteValues(100_000), false);
        ch.write(new FetchData(4, "d4v1"), ch.voidPromise());
        ch.write(big, ch.voidPromise());
        ch.write(new FetchData(5, "d5v1"), ch.voidPromise());
        ch.flush();
        assertTrue(promise.isSuccess());
        List<ByteBuf> buffers = new ArrayList<>();
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            buffers.add(b);
        }
        // [1, 2] with the promise, [4], the chunk alone, [5] at the flush: in the order written.
        assertEquals(4, buffers.size());
        EmbeddedChannel reader = codecChannel();
        for (ByteBuf b : buffers) {
            reader.writeInbound(b);
        }
        List<Message> got = decode(reader);
        assertEquals(5, got.size());
        assertEquals(List.of(new FetchData(1, "d1v1"), new FetchData(2, "d2v1"), new FetchData(4, "d4v1")),
                got.subList(0, 3));
        assertArrayEquals(big.bytes(), assertInstanceOf(DataChunk.class, got.get(3)).bytes());
        assertEquals(new FetchData(5, "d5v1"), got.get(4));
        ch.finishAndReleaseAll();
        reader.finishAndReleaseAll();
    }

    @Test
    void aBatchUnflushedAtCloseIsReleased() {
        EmbeddedChannel ch = codecChannel();
        ch.write(new FetchData(1, "d1v1"), ch.voidPromise());
        ch.close();
        assertNull(ch.readOutbound());
        assertFalse(ch.finish());
    }
}
