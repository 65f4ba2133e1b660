package io.braid.comm.codec;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * Codec micro-benchmark (a program, not a test): encodes and decodes a task's two messages, a
 * RunTask with three parameters and its TaskDone, through {@link MessageCodec} with a frame
 * header, one pooled direct buffer reused. Reports this thread's CPU time per pair (wall time is
 * noise on a shared machine). It uses only {@code encode}/{@code decode}, so the same source runs
 * against an older build's classes for a before/after. How to run it: runtime/comm/README.md.
 */
public final class CodecBenchMain {

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        List<DataLocation> sources = List.of(new DataLocation("node1", "10.0.0.1", 43001, null));
        RunTask task = new RunTask(1L, 1L, "com.example.Matmul", "multiply",
                List.of("com.example.Block", "com.example.Block", "int"), false,
                List.of(new JobParam(JobParam.Kind.OBJECT, "com.example.Block", null, "d1v1", null, sources, null),
                        new JobParam(JobParam.Kind.OBJECT, "com.example.Block", null, "d2v1", "d2v2", sources, null),
                        new JobParam(JobParam.Kind.VALUE, "int", "64", null, null, List.of(), null)),
                "d3v1", false, 1);
        TaskDone done = new TaskDone(1L, List.of("d3v1"), List.of(81L), 1_700_000_000_000_000L, 2_345L, "compute-executor-1");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        long checksum = 0;
        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT up
            long start = cpu.getCurrentThreadCpuTime();
            int bytes = 0;
            for (int i = 0; i < count; i++) {
                bytes = roundTrip(task, buf);
                checksum += ((RunTask) MessageCodec.decode(buf)).params().size();
                bytes += roundTrip(done, buf);
                checksum += ((TaskDone) MessageCodec.decode(buf)).jobId();
            }
            long used = cpu.getCurrentThreadCpuTime() - start;
            System.out.printf("round %d: %d RunTask + TaskDone encoded and decoded, %.0f ns of CPU per pair, %d bytes%n",
                    round, count, (double) used / count, bytes);
        }
        buf.release();
        System.out.println("checksum " + checksum);
    }

    /** Frames {@code m} into {@code buf} and leaves the reader at its payload; returns the frame's size. */
    private static int roundTrip(Message m, ByteBuf buf) {
        buf.clear();
        buf.writeInt(0).writeByte(FrameCodec.PROTOCOL_VERSION);
        MessageCodec.encode(m, buf);
        buf.setInt(0, buf.readableBytes() - 4);
        buf.skipBytes(FrameCodec.HEADER_LENGTH);
        return buf.writerIndex();
    }
}
