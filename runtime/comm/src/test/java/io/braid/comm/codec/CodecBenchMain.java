package io.braid.comm.codec;

import io.braid.comm.message.DataLocation;
import io.braid.comm.message.JobParam;
import io.braid.comm.message.Message;
import io.braid.comm.message.RunTask;
import io.braid.comm.message.TaskDone;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.List;

/**
 * Codec micro-benchmark (a program, not a test): encodes and decodes a task's two messages, a
 * RunTask with three parameters and its TaskDone, through {@link MessageCodec} with the frame
 * header, one pooled direct buffer reused.
 * How to run it and the recorded result: runtime/comm/README.md.
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
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
        long checksum = 0;
        for (int round = 0; round < 3; round++) { // the first rounds warm the JIT up
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                buf.clear();
                MessageCodec.encodeFrame(task, buf);
                buf.skipBytes(FrameCodec.HEADER_LENGTH);
                Message m = MessageCodec.decode(buf);
                checksum += ((RunTask) m).params().size();
                buf.clear();
                MessageCodec.encodeFrame(done, buf);
                buf.skipBytes(FrameCodec.HEADER_LENGTH);
                checksum += ((TaskDone) MessageCodec.decode(buf)).jobId();
            }
            long elapsed = System.nanoTime() - start;
            System.out.printf("round %d: %d RunTask + TaskDone encode+decode, %.0f ns/pair%n",
                    round, count, (double) elapsed / count);
        }
        buf.release();
        System.out.println("checksum " + checksum);
    }
}
