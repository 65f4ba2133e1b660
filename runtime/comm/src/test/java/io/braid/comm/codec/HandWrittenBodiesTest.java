package io.braid.comm.codec;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.ForeignCall;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.ProcessCall;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hand-written bodies of RunTask and TaskDone: every field, every edge of the wire primitives. */
class HandWrittenBodiesTest {

    static final String UNICODE = "dätä-名前-\uD83D\uDE80-Ω"; // 2-, 3- and 4-byte UTF-8 (a surrogate pair)
    /** 42 chars of 3 UTF-8 bytes: the longest string written with the one-byte length in place. */
    static final String SHORT_LIMIT = "名".repeat(42);
    /** 43 chars of 3 bytes: 129 bytes, a two-byte length. */
    static final String PAST_SHORT_LIMIT = "名".repeat(43);
    /** 20,000 bytes: a three-byte length. */
    static final String LONG = "x".repeat(20_000);

    static RunTask everyFieldSet() {
        List<DataLocation> sources = List.of(new DataLocation("node-ü", "10.0.0.1", Integer.MAX_VALUE, null),
                new DataLocation("node2", "::1", 0, "/shared/" + UNICODE));
        return new RunTask(Long.MAX_VALUE, Long.MIN_VALUE, "com.example." + UNICODE, "méthode",
                List.of("int", "java.lang.String", UNICODE), true,
                List.of(new JobParam(JobParam.Kind.OBJECT, "com.example.Block", null, "d1v2", "d1v3", sources, null),
                        new JobParam(JobParam.Kind.VALUE, "java.lang.String", UNICODE, null, null, List.of(), null),
                        new JobParam(JobParam.Kind.VALUE, "java.lang.String", "", null, null, List.of(), ""),
                        new JobParam(JobParam.Kind.VALUE, "java.lang.String", LONG, null, null, List.of(), null),
                        new JobParam(JobParam.Kind.FILE, "java.lang.String", null, "d4v1", "d4v2", sources,
                                "out-" + UNICODE + ".txt", true),
                        new JobParam(JobParam.Kind.STREAM, "io.braid.streams.ObjectDistroStream", PAST_SHORT_LIMIT,
                                null, "writer-7", List.of(), null)),
                "d9v1", true, Integer.MIN_VALUE, Long.MAX_VALUE,
                new ProcessCall(true, "${SIM}", "/tmp/" + UNICODE, "mpirun", List.of("--oversubscribe", ""), -1, true,
                        Arrays.asList("-n=", null, SHORT_LIMIT), Arrays.asList(null, "STDOUT"), true),
                new ForeignCall(ForeignCall.PYTHON, "app.tasks", "Class.method", "/home/" + UNICODE, Integer.MAX_VALUE));
    }

    static List<Message> samples() {
        return List.of(
                everyFieldSet(),
                // Nulls wherever the record allows them, null elements inside lists.
                new RunTask(0, 0, null, null, null, false, null, null, false, 0, 0, null, null),
                new RunTask(-1, -1, "", "", Arrays.asList(null, "int"), false,
                        Arrays.asList(null, new JobParam(null, null, null, null, null, null, null),
                                new JobParam(JobParam.Kind.OBJECT, null, null, "d1v1", null,
                                        Arrays.asList(null, new DataLocation(null, null, -5, null)), null)),
                        null, false, 1, -1,
                        new ProcessCall(false, null, null, null, null, 0, false, null, null),
                        new ForeignCall(null, null, null, null, 0)),
                // Empty lists.
                new RunTask(1, 2, "C", "m", List.of(), false, List.of(), null, false, 1, 0,
                        new ProcessCall(false, "b", null, null, List.of(), 1, false, List.of(), List.of()), null),
                new TaskDone(17L, List.of("d9v1", UNICODE, LONG), List.of(123L, Long.MAX_VALUE, Long.MIN_VALUE),
                        Long.MIN_VALUE, Long.MAX_VALUE, "compute-executor-" + UNICODE, Arrays.asList(null, "/wd/" + UNICODE, null)),
                new TaskDone(0L, null, null, 0L, 0L, null, null),
                // Chaining ahead: a parked job, and a result that handed its units to one.
                everyFieldSet().after(Long.MIN_VALUE),
                new RunTask(5, 6, "C", "m", List.of(), false, List.of(), null, false, 1, 0, null, null, null, 4),
                new TaskDone(4L, List.of("d1v1"), List.of(8L), 1L, 2L, "compute-executor-1", null, 5L),
                new TaskDone(4L, List.of(), List.of(), 1L, 2L, "e", null, Long.MAX_VALUE),
                new TaskDone(-1L, List.of(), List.of(), -1L, -1L, "", List.of()),
                new TaskDone(3L, Arrays.asList(null, "d1v1"), Arrays.asList(null, 5L), 0L, 0L, SHORT_LIMIT, null));
    }

    static ByteBuf encoded(Message m) {
        ByteBuf b = Unpooled.buffer();
        MessageCodec.encode(m, b);
        return b;
    }

    @Test
    void everySampleRoundTripsFromHeapAndDirectBuffers() {
        for (Message m : samples()) {
            ByteBuf heap = encoded(m);
            ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer();
            direct.writeBytes(heap, heap.readerIndex(), heap.readableBytes());
            assertEquals(m, MessageCodec.decode(heap), "heap: " + m);
            assertEquals(0, heap.readableBytes());
            assertEquals(m, MessageCodec.decode(direct), "direct: " + m);
            assertEquals(0, direct.readableBytes());
            direct.release();
        }
    }

    @Test
    void everySampleRoundTripsThroughTheFramedPipeline() {
        for (Message m : samples()) {
            assertEquals(m, CodecTest.roundTrip(m));
        }
    }

    @Test
    void decodedListsAreMutableAsJacksonsWere() {
        RunTask back = (RunTask) MessageCodec.decode(encoded(everyFieldSet()));
        assertInstanceOf(ArrayList.class, back.params());
        assertInstanceOf(ArrayList.class, back.paramTypes());
        TaskDone done = (TaskDone) MessageCodec.decode(encoded(new TaskDone(1L, List.of("a"), List.of(1L), 0, 0, "e")));
        assertInstanceOf(ArrayList.class, done.outputs());
        assertInstanceOf(ArrayList.class, done.outputSizes());
    }

    @Test
    void everyTruncationIsOneClearError() {
        for (Message m : List.of(everyFieldSet(), samples().get(4))) {
            ByteBuf whole = encoded(m);
            String name = m.getClass().getSimpleName();
            for (int cut = 1; cut < whole.readableBytes(); cut++) {
                ByteBuf part = whole.retainedSlice(0, cut);
                DecoderException e = assertThrows(DecoderException.class, () -> MessageCodec.decode(part), "cut at " + cut);
                assertTrue(e.getMessage().startsWith("cannot decode message tag " + whole.getByte(0) + " (" + name + "): "),
                        e.getMessage());
                part.release();
            }
            whole.release();
        }
    }

    @Test
    void fieldsAppendedByANewerPeerAreSkipped() {
        RunTask m = everyFieldSet();
        ByteBuf b = encoded(m).writeLong(42L).writeBytes(new byte[] {1, 2, 3});
        assertEquals(m, MessageCodec.decode(b));
        assertEquals(0, b.readableBytes());
    }

    @Test
    void corruptBytesAreNamedNotThrownAsSomethingElse() {
        // TaskDone: tag, jobId, then the outputs' count: a count larger than the body.
        ByteBuf huge = Unpooled.buffer().writeByte(3).writeLong(1L).writeByte(0xFF).writeByte(0xFF).writeByte(0xFF)
                .writeByte(0x7F);
        DecoderException e = assertThrows(DecoderException.class, () -> MessageCodec.decode(huge));
        assertTrue(e.getMessage().startsWith("cannot decode message tag 3 (TaskDone): length 268435454 at byte 9 runs past"),
                e.getMessage());
        ByteBuf endless = Unpooled.buffer().writeByte(3).writeLong(1L).writeBytes(new byte[] {-1, -1, -1, -1, -1, 1});
        e = assertThrows(DecoderException.class, () -> MessageCodec.decode(endless));
        assertTrue(e.getMessage().contains("longer than 5 bytes"), e.getMessage());

        ByteBuf b = encoded(everyFieldSet());
        int hasTargetAt = 1 + 8 + 8; // tag, jobId, taskId, then the names: find hasTarget by re-encoding up to it
        hasTargetAt += nameBytes("com.example." + UNICODE) + nameBytes("méthode") + 1 + nameBytes("int")
                + nameBytes("java.lang.String") + nameBytes(UNICODE);
        assertEquals(1, b.getByte(hasTargetAt));
        b.setByte(hasTargetAt, 7);
        e = assertThrows(DecoderException.class, () -> MessageCodec.decode(b));
        assertTrue(e.getMessage().startsWith("cannot decode message tag 2 (RunTask): boolean byte 7 at " + hasTargetAt),
                e.getMessage());

        ByteBuf kind = encoded(new RunTask(1, 2, "C", "m", List.of(), false,
                List.of(new JobParam(JobParam.Kind.VALUE, "int", "1", null, null, List.of(), null)), null, false, 1));
        int kindAt = 1 + 8 + 8 + 2 + 2 + 1 + 1 + 1 + 1; // ..., params count, presence, kind
        assertEquals(JobParam.Kind.VALUE.ordinal() + 1, kind.getByte(kindAt));
        kind.setByte(kindAt, 9);
        e = assertThrows(DecoderException.class, () -> MessageCodec.decode(kind));
        assertTrue(e.getMessage().contains("parameter kind 9 at byte " + kindAt + " is unknown"), e.getMessage());
    }

    private static int nameBytes(String s) {
        return 1 + s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    @Test
    void recurringNamesDecodeToOneInstanceAndCollisionsStayCorrect() {
        RunTask a = (RunTask) MessageCodec.decode(encoded(everyFieldSet()));
        RunTask b = (RunTask) MessageCodec.decode(encoded(everyFieldSet()));
        assertSame(a.className(), b.className());
        assertSame(a.paramTypes().get(2), b.paramTypes().get(2));
        // Far more names than slots: every slot sees collisions, every name still decodes to itself.
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 5_000; i++) {
                String name = "executor-" + i + (i % 7 == 0 ? UNICODE : "");
                TaskDone d = (TaskDone) MessageCodec.decode(encoded(new TaskDone(i, List.of(), List.of(), 0, 0, name)));
                assertEquals(name, d.executor());
            }
        }
    }

    @Test
    void lengthsUseOneByteUpToTheShortLimitThenMore() {
        assertEquals(1 + 8 + 1 + 1 + 8 + 8 + (1 + 126) + 1 + 8,
                encoded(new TaskDone(1L, List.of(), List.of(), 0, 0, SHORT_LIMIT, null)).readableBytes());
        assertEquals(1 + 8 + 1 + 1 + 8 + 8 + (2 + 129) + 1 + 8,
                encoded(new TaskDone(1L, List.of(), List.of(), 0, 0, PAST_SHORT_LIMIT, null)).readableBytes());
        assertEquals(1 + 8 + 1 + 1 + 8 + 8 + (3 + 20_000) + 1 + 8,
                encoded(new TaskDone(1L, List.of(), List.of(), 0, 0, LONG, null)).readableBytes());
    }
}
